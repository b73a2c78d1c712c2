package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * SLtoVLMappingTable for xCA/router, supported attribute (IBA 14.2.5.8, C14-24): a CA port that advertises
 * CapabilityMask.IsSLMappingSupported answers SubnGet(SLtoVLMappingTable), and a SubnSet writes its table, which the
 * response and a SubnGet show. The supported case of C14_024_08_02.
 *
 * <p>ibmesh's own ID: the CTS's procedure for the supported case is not known publicly. The table written maps every
 * SL to a VL the port runs (OperationalVLs), SL 15 to VL15; the table read goes back in the cleanup.
 */
@Cts(
        id = "C14_924_03_CA",
        title = "SLtoVLMappingTable for xCA/router, supported attribute: write and read back",
        coverage = {"v1c14-024.1.1"},
        assertions = {"v1c14-024.1.1#08.01", "v1c14-024.1.1#08.02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        qualifiers = {"PortInfo:CapabilityMask.IsSLMappingSupported = 1"},
        ownId = true,
        provenBy = {"drop-table-writes"})
public final class C14_924_03_CA extends SlToVlProcedure {
    @Override
    protected void execute() {
        if (!slMappingSupported()) {
            notApplicable("PortInfo:CapabilityMask.IsSLMappingSupported = 0: C14_024_08_02 checks such a port");
        }
        writeAndReadBack(3, 0, endPort());
    }
}
