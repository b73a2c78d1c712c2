package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 24.1.5.19.1 VLArbitrationTable for switch (IBA 14.2.5.9, C14-24): for every port, the management port 0 included,
 * SubnGet answers the parts of the table the port has and status 7 for those it has not (see {@link
 * VlArbitrationProcedure} for a port without a table); a SubnSet writes a part of an external port's table, which the
 * response and a SubnGet show.
 *
 * <p>The CTS text of this procedure is not public; its title is. The steps are ibmesh's; steps 3-6 run once per port.
 * The part written belongs to the port after the link's (the link's own carries the tester's traffic).
 */
@Cts(
        id = "C14_024_09_SW",
        section = "24.1.5.19.1",
        title = "VLArbitrationTable for switch",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#09.01", "v1c14-024.1.1#09.02", "v1c13-024#07", "v1c14-031#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"drop-table-writes"})
public final class C14_024_09_SW extends VlArbitrationProcedure {
    @Override
    protected void execute() {
        step(1, "NUM_PORTS = NodeInfo:NumPorts");
        int numPorts = nodeInfo().numPorts();
        step(2, "For each port 0..NUM_PORTS, steps 3-6");
        int written = ctx().bench().link().dutPort() % numPorts + 1;
        PortInfo target = null;
        for (int port = 0; port <= numPorts; port++) {
            PortInfo info = parts(port, port);
            if (port == written) {
                target = info;
            }
        }
        writeAndReadBack(7, target, written);
    }
}
