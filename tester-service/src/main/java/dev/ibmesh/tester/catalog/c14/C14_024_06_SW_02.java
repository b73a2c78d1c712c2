package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 24.1.5.17.2 PortInfo for switch only, part 2: SubnSet(PortInfo) on a switch's external ports with an illegal value in
 * one read-write component at a time must be answered with status code 7 and change nothing (C14-24, C13-24).
 *
 * <p>The CTS text of this part is not public; its title and coverage are. It runs the steps of part 6
 * ({@link C14_024_06_SW_06}, with the departures {@link PortInfoIllegalValues} lists) with AttributeModifier = N for
 * each external port N, keeping part 6's step numbers so that the two logs read alike: steps 1-2 read NumPorts from
 * NodeInfo instead of EnhancedPort0 from SwitchInfo, and step 5 passes over a port whose PortState is Down, whose
 * PortInfo components other than PortState and PortPhysicalState may read as anything (C14-24.2.1), so that reading
 * back a component would prove nothing. On a SimpleLink that leaves the port cabled to the tester.
 */
@Cts(
        id = "C14_024_06_SW_02",
        section = "24.1.5.17.2",
        title = "PortInfo for switch only - part 2: illegal values in RW components of external ports",
        coverage = {"v1c13-024", "v1c14-024.1.1", "v1c14-027", "v1c14-030"},
        assertions = {
            "v1c13-024#07",
            "v1c14-024.1.1#06.01",
            "v1c14-024.1.1#06.02",
            "v1c14-024.1.1#06.04",
            "v1c14-030#01"
        },
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        widths = {Width.X1, Width.X2, Width.X4, Width.X8, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR})
public final class C14_024_06_SW_02 extends PortInfoIllegalValues {
    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(NodeInfo))");
        MadExchange nodeInfo = mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0);
        step(2, "NUM_PORTS = ReceiveMad (SubnGetResp(NodeInfo):NumPorts)");
        mad().verifyResponse("v1c14-030#01", nodeInfo);
        int numPorts = NodeInfo.decode(nodeInfo.smpData(), 0).numPorts();

        for (int port = 1; port <= numPorts; port++) {
            PortInfo data = readPortInfoData(port);
            step(5, "Verify PORT_INFO_DATA.PortState of port " + port + " != Down");
            if (data.portState() == PortInfo.PORT_STATE_DOWN) {
                note("port " + port + " is Down: its components may read as anything (C14-24.2.1); next port");
                continue;
            }
            step(6, "PORT_INFO_DATA written back unchanged to port " + port + " is accepted");
            requireUnchangedCopyAccepted();
            illegalValues();
        }
    }
}
