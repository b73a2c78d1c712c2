package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 24.1.5.7.2 SLtoVLMappingTable for xCA/router, unsupported attribute (IBA 14.2.5.8, C14-31): a CA port that does not
 * advertise CapabilityMask.IsSLMappingSupported has no SL-to-VL table, so SubnGet and SubnSet of it are answered with
 * status 3. A port that advertises it does not qualify: procedure C14_924_03_CA checks its table.
 *
 * <p>The CTS text of this procedure is not public; its title, coverage and qualifiers are. The steps are ibmesh's.
 */
@Cts(
        id = "C14_024_08_02",
        section = "24.1.5.7.2",
        title = "SLtoVLMappingTable for xCA/router, unsupported attribute",
        coverage = {"v1c14-024.1.1", "v1c14-031"},
        assertions = {"v1c14-024.1.1#08.01", "v1c14-031#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        qualifiers = {"PortInfo:CapabilityMask.IsSLMappingSupported = 0", "PortInfo:VLCap = 1"})
public final class C14_024_08_02 extends SlToVlProcedure {
    @Override
    protected void execute() {
        if (slMappingSupported()) {
            notApplicable("PortInfo:CapabilityMask.IsSLMappingSupported = 1: the port has an SL-to-VL table");
        }
        unsupported(3, SlToVlMappingTable.ATTRIBUTE_ID, NAME, 0);
    }
}
