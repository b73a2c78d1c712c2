package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;
import java.util.Arrays;

/**
 * A directed-route SMP with a final LID-routed part (IBA 14.2.2): when DrDLID is not the permissive LID, the switch
 * where the directed part ends records its ingress port in ReturnPath and LID-routes the SMP on to DrDLID (C14-9:3),
 * where it is taken with HopPointer = HopCount + 1 (C14-9:4). The response comes back to that switch by LID and from
 * there along the ReturnPath (C14-13:1).
 *
 * <p>A SimpleLink has one cable, so DrDLID is the tester's own LID: the SMP goes out along InitialPath [T] to the DUT,
 * the end of its directed part, which routes it by its LFT back to the tester, whose own SMA answers
 * SubnGet(NodeInfo). The answer carries the tester's NodeGUID only if the DUT routed the SMP on to DrDLID (step 3).
 * A switch that answers it itself sends its answer by LID towards the request's DrDLID part, which started at the
 * permissive LID, so none reaches the tester (step 2).
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no directed-route procedure. Its assertion numbers are
 * ibmesh's, after the compliance statements C14-9 and C14-13.
 */
@Cts(
        id = "C14_909_02_SW",
        title = "Directed route with a final LID-routed part: the switch ending the directed part routes it to DrDLID",
        coverage = {"v1c14-009", "v1c14-013"},
        assertions = {"v1c14-009#07", "v1c14-013#04"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        ownId = true,
        provenBy = {"dr-end-ignores-dr-dlid"})
public final class C14_909_02_SW extends MadProcedure {
    private static final String ROUTED_ON = "v1c14-009#07";
    private static final String RETURNED = "v1c14-013#04";

    @Override
    protected void initialize() {
        note("PortState of the DUT's link port is Active with LIDs (the bench brought the link up and routes the"
                + " tester's LID " + ctx().bench().link().testerLid() + " back out of the link's port)");
    }

    @Override
    protected void execute() {
        int testerLid = ctx().bench().link().testerLid();
        int dutPort = ctx().bench().link().dutPort();
        int hops = mad().pathToDut().length;
        step(
                1,
                "SendMad (SubnGet(NodeInfo) along InitialPath " + Arrays.toString(mad().pathToDut()) + " where"
                        + " DrSLID = 0xFFFF, DrDLID = " + testerLid + ", the tester's own LID)");
        MadTester.Posted get = mad().post(request(testerLid));
        step(
                2,
                "ReceiveMad (SubnGetResp(NodeInfo)); Verify Status.D == 1, DrDLID == " + testerLid + " and ReturnPath["
                        + hops + "] == " + dutPort + ": it came back through the DUT");
        MadExchange x = get.receive(RETURNED);
        mad().verifyResponse(RETURNED, x);
        check(RETURNED, "MADHeader:Status.Code", 0, x.statusCode());
        DrSmp response = x.dr();
        check(RETURNED, "DrDLID", testerLid, response.drDlid());
        check(RETURNED, "ReturnPath[" + hops + "]", dutPort, response.returnPath(hops));
        step(3, "Verify SMPData.NodeGUID is the tester's: the DUT LID-routed the SMP on to DrDLID");
        check(
                ROUTED_ON,
                "SMPData.NodeGUID",
                String.format("0x%016x", mad().port().identity().nodeGuid()),
                String.format("0x%016x", NodeInfo.decode(response.data(), 0).nodeGuid()));
    }

    /** SubnGet(NodeInfo) along the route to the DUT, then by LID to {@code drDlid}. */
    private HostMad request(int drDlid) {
        DrSmp smp = DrSmp.decode(mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut())
                .mad());
        return HostMad.smp(
                DrSmp.PERMISSIVE_LID,
                new DrSmp(
                                smp.header(),
                                smp.mKey(),
                                DrSmp.PERMISSIVE_LID,
                                drDlid,
                                smp.reserved28(),
                                smp.data(),
                                smp.initialPath(),
                                smp.returnPath())
                        .encode());
    }
}
