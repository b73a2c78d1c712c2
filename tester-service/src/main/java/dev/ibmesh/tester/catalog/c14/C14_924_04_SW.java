package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * SLtoVLMappingTable for switch only, supported attribute (IBA 14.2.5.8, C14-24): a switch has a table per (input
 * port, output port) pair, ports 0..NumPorts, the management port 0 included; SubnGet answers each; a pair with a port
 * above NumPorts is an invalid AttributeModifier (status 7, C13-24); a SubnSet writes a pair's table, which the
 * response and a SubnGet show. The supported case of C14_024_08_04.
 *
 * <p>ibmesh's own ID: the CTS's procedure for the supported case is not known publicly. Steps 3-4 run once per pair.
 * The table written is the one from the link's port to the next port, and goes back in the cleanup.
 */
@Cts(
        id = "C14_924_04_SW",
        title = "SLtoVLMappingTable for switch only, supported attribute: every port pair, write and read back",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#08.01", "v1c14-024.1.1#08.02", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"PortInfo:CapabilityMask.IsSLMappingSupported = 1 (switch port 0)"},
        ownId = true,
        provenBy = {"drop-table-writes"})
public final class C14_924_04_SW extends SlToVlProcedure {
    @Override
    protected void execute() {
        if (!slMappingSupported()) {
            notApplicable("switch port 0's PortInfo:CapabilityMask.IsSLMappingSupported = 0: C14_024_08_04 checks"
                    + " such a switch");
        }
        int numPorts = nodeInfo().numPorts();
        for (int in = 0; in <= numPorts; in++) {
            for (int out = 0; out <= numPorts; out++) {
                status(GET, 0, get(3, GET, SlToVlMappingTable.ATTRIBUTE_ID, NAME, modifier(in, out)));
            }
        }
        status(STATUS_7, CODE_INVALID, get(5, GET, SlToVlMappingTable.ATTRIBUTE_ID, NAME, modifier(numPorts + 1, 1)));
        int in = ctx().bench().link().dutPort();
        writeAndReadBack(7, modifier(in, in % numPorts + 1), in % numPorts + 1);
    }
}
