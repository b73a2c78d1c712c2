package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;

/**
 * A switch on the way of a directed-route SMP (IBA 14.2.2): on the way out it records in ReturnPath[HopPointer] the
 * port the SMP arrived on and forwards it out of InitialPath[HopPointer + 1] (C14-9); the response comes back through
 * it along the ReturnPath (C14-13).
 *
 * <p>A SimpleLink has one cable, so the route loops: InitialPath = [T, P], out of the tester's port T, then out of the
 * DUT's port P, the one the SMP came in on, back to the tester, whose own SMA answers the SubnGet(NodeInfo). The DUT
 * is the route's only intermediate hop, both ways; the response can reach the tester only if the DUT wrote
 * ReturnPath[1] on the way out, and it carries what it wrote. Nothing in the hop rules forbids a route out of the
 * port a hop came in on (C14-9 names no such case).
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no directed-route procedure. Its assertion numbers are
 * ibmesh's, after the compliance statements C14-9 and C14-13.
 */
@Cts(
        id = "C14_009_01_SW",
        title = "Directed-route SMP through a switch: ReturnPath recorded on the way out, response back along it",
        coverage = {"v1c14-009", "v1c14-013"},
        assertions = {"v1c14-009#01", "v1c14-009#02", "v1c14-013#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        ownId = true,
        provenBy = {"no-dr-return-path"})
public final class C14_009_01_SW extends MadProcedure {
    private static final String RETURN_PATH = "v1c14-009#01";
    private static final String FORWARDED = "v1c14-009#02";
    private static final String RETURNED = "v1c14-013#01";

    private int testerPort;
    private int dutPort;

    @Override
    protected void initialize() {
        requireDirectLink("loops an SMP through the DUT back to the tester's own SMA");
        note("1. PortState of the DUT's link port is Init, Armed or Active (the bench brought the link up)");
        testerPort = ctx().bench().link().testerPort();
        MadExchange dut = mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0);
        dutPort = NodeInfo.decode(dut.smpData(), 0).localPortNum();
        note("the DUT's port on the link is " + dutPort + " (its NodeInfo.LocalPortNum)");
    }

    @Override
    protected void execute() {
        step(
                1,
                "SendMad (SubnGet(NodeInfo) along InitialPath [" + testerPort + ", " + dutPort + "]: through the"
                        + " DUT and back out of the port it came in on, to the tester's own SMA)");
        MadTester.Posted get =
                mad().post(mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], testerPort, dutPort));
        step(2, "ReceiveMad (SubnGetResp(NodeInfo)): it came back through the DUT along the ReturnPath");
        MadExchange loop = get.receive(RETURN_PATH + ", " + RETURNED);
        mad().verifyResponse(RETURNED, loop);
        check(RETURNED, "MADHeader:Status.Code", 0, loop.statusCode());
        step(3, "Verify ReturnPath[1] == " + dutPort + ": the DUT recorded the port the SMP arrived on");
        DrSmp response = loop.dr();
        check(RETURN_PATH, "ReturnPath[1]", dutPort, response.returnPath(1));
        step(4, "Verify NodeInfo:NodeGUID is the tester's: the DUT forwarded the SMP out of InitialPath[2]");
        check(
                FORWARDED,
                "SMPData.NodeGUID",
                String.format("0x%016x", mad().port().identity().nodeGuid()),
                String.format("0x%016x", NodeInfo.decode(response.data(), 0).nodeGuid()));
    }
}
