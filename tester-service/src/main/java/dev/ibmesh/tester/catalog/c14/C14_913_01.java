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
import java.util.Arrays;

/**
 * A directed-route response goes back with the D bit set (IBA 14.2.2, C14-13): the responder copies the request,
 * sets D = 1 and sends it out of ReturnPath[HopCount], the port the request came in on, which the request's last hop
 * recorded (C14-9:3); the response keeps the request's HopCount, InitialPath, DrSLID and DrDLID, and it reaches the
 * requester's SM with HopPointer 0 (C14-13:3).
 *
 * <p>The tester sends SubnGet(NodeInfo) along InitialPath [T] (HopCount 1, DrSLID and DrDLID permissive). A response
 * that comes back with D clear is one the next hop takes for an outbound SMP; the tester's port still hands it to the
 * tester (its Method has the R bit), so step 2 sees the bit.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no directed-route procedure. Its assertion numbers are
 * ibmesh's, after the compliance statements C14-9 and C14-13.
 */
@Cts(
        id = "C14_913_01",
        title = "Directed route: the response returns with the D bit set, the request's paths and its ReturnPath entry",
        coverage = {"v1c14-009", "v1c14-013"},
        assertions = {"v1c14-013#02", "v1c14-009#05"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"no-dr-d-bit"})
public final class C14_913_01 extends MadProcedure {
    private static final String RETURNED = "v1c14-013#02";
    private static final String RECORDED = "v1c14-009#05";

    @Override
    protected void initialize() {
        note("PortState of the DUT's link port is Init, Armed or Active (the bench brought the link up)");
    }

    @Override
    protected void execute() {
        int[] path = mad().pathToDut();
        int hops = path.length;
        int dutPort = ctx().bench().link().dutPort();
        step(
                1,
                "SendMad (SubnGet(NodeInfo) along InitialPath " + Arrays.toString(path)
                        + ", DrSLID = DrDLID = 0xFFFF)");
        MadTester.Posted get =
                mad().post(mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut()));
        step(
                2,
                "ReceiveMad (SubnGetResp(NodeInfo)); Verify Status.D == 1, HopCount == " + hops
                        + ", HopPointer == 0 at the" + " requester, DrSLID == DrDLID == 0xFFFF");
        MadExchange x = get.receive(RETURNED);
        mad().verifyResponse(RETURNED, x);
        check(RETURNED, "MADHeader:Status.Code", 0, x.statusCode());
        DrSmp response = x.dr();
        check(RETURNED, "MADHeader:HopPointer", 0, response.hopPointer());
        check(RETURNED, "DrSLID", hex(DrSmp.PERMISSIVE_LID), hex(response.drSlid()));
        check(RETURNED, "DrDLID", hex(DrSmp.PERMISSIVE_LID), hex(response.drDlid()));
        step(
                3,
                "Verify InitialPath is the request's and ReturnPath[" + hops + "] == " + dutPort + ", the DUT's port"
                        + " the request came in on (the entries before it are the switches' on the way)");
        for (int hop = 1; hop <= hops; hop++) {
            check(RECORDED, "InitialPath[" + hop + "]", path[hop - 1], response.initialPath(hop));
        }
        check(RECORDED, "ReturnPath[" + hops + "]", dutPort, response.returnPath(hops));
    }

    private static String hex(int lid) {
        return String.format("0x%04X", lid);
    }
}
