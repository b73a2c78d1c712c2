package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 24.1.5.4.3 PortInfo for xCA/router, part 3: SubnSet(PortInfo) on a CA port with an illegal value in one read-write
 * component at a time must be answered with status code 7 and change nothing (C14-24, C13-24), whether the
 * AttributeModifier is 0 (the port the SMP arrived on) or that port's number.
 *
 * <p>The CTS text of this part is not public; its title and coverage are. It runs the steps of the switch parts
 * ({@link C14_024_06_SW_06}, with the departures {@link PortInfoIllegalValues} lists) twice, with AttributeModifier 0
 * and then with the port's own number, keeping their step numbers: steps 1-2 read LocalPortNum from NodeInfo, step 5
 * has nothing to qualify and step 6 checks that the unchanged PortInfo is accepted.
 */
@Cts(
        id = "C14_024_06_CA_03",
        section = "24.1.5.4.3",
        title = "PortInfo for xCA/router - part 3: illegal values in RW components",
        coverage = {"v1c13-024", "v1c14-024.1.1", "v1c14-027", "v1c14-030"},
        assertions = {
            "v1c13-024#07",
            "v1c14-024.1.1#06.01",
            "v1c14-024.1.1#06.02",
            "v1c14-024.1.1#06.04",
            "v1c14-030#01"
        },
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        widths = {Width.X1, Width.X2, Width.X4, Width.X8, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"accept-reserved-neighbor-mtu"})
public final class C14_024_06_CA_03 extends PortInfoIllegalValues {
    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(NodeInfo))");
        MadExchange nodeInfo = mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0);
        step(2, "OWN_PORT = ReceiveMad (SubnGetResp(NodeInfo):LocalPortNum)");
        mad().verifyResponse("v1c14-030#01", nodeInfo);
        int ownPort = NodeInfo.decode(nodeInfo.smpData(), 0).localPortNum();

        for (int modifier : new int[] {0, ownPort}) {
            readPortInfoData(modifier);
            step(5, "AttributeModifier " + modifier + (modifier == 0 ? ": the port the SMP arrived on" : ""));
            step(6, "PORT_INFO_DATA written back unchanged with AttributeModifier " + modifier + " is accepted");
            requireUnchangedCopyAccepted();
            illegalValues();
        }
    }
}
