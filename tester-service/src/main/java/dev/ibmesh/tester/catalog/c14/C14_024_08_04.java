package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 24.1.5.18.2 SLtoVLMappingTable for switch only, unsupported attribute (IBA 14.2.5.8): a switch whose port 0 does
 * not advertise CapabilityMask.IsSLMappingSupported has no SL-to-VL tables, so SubnGet and SubnSet are answered with
 * status 3 for every input and output port, the management port 0 included. A switch that advertises it does not
 * qualify: procedure C14_924_04_SW checks its tables.
 *
 * <p>The CTS text of this procedure is not public; its title and its AttributeModifier loops are. Steps 3-6 run once
 * per (input port, output port) pair.
 */
@Cts(
        id = "C14_024_08_04",
        section = "24.1.5.18.2",
        title = "SLtoVLMappingTable for switch only, unsupported attribute",
        coverage = {"v1c14-024.1.1", "v1c14-031"},
        assertions = {"v1c14-024.1.1#08.01", "v1c14-031#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"PortInfo:CapabilityMask.IsSLMappingSupported = 0 (switch port 0)"})
public final class C14_024_08_04 extends SlToVlProcedure {
    @Override
    protected void execute() {
        if (slMappingSupported()) {
            notApplicable("switch port 0's PortInfo:CapabilityMask.IsSLMappingSupported = 1: the switch has SL-to-VL"
                    + " tables");
        }
        int numPorts = nodeInfo().numPorts();
        for (int in = 0; in <= numPorts; in++) {
            for (int out = 0; out <= numPorts; out++) {
                unsupported(3, SlToVlMappingTable.ATTRIBUTE_ID, NAME, modifier(in, out));
            }
        }
    }
}
