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

/**
 * A directed-route SMP with an initial LID-routed part (IBA 14.2.2): DrSLID is the requester's LID, the LRH takes the
 * SMP to the switch where the directed part begins, here the DUT itself with HopCount 0, and the permissive DrDLID
 * ends the route at that switch's SMA (C14-9:3). On the way back the response ends its directed part at the same
 * switch (HopPointer 1 to 0), and since DrSLID is not permissive the switch LID-routes it to DrSLID (C14-13:3), where
 * it is delivered with HopPointer 0 (C14-13:4). Only a switch routes by LID, hence the DUT kind.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no directed-route procedure. Its assertion numbers are
 * ibmesh's, after the compliance statements C14-9 and C14-13.
 */
@Cts(
        id = "C14_913_02_SW",
        title = "Directed route with an initial LID-routed part: DrSLID set, HopCount 0, answered back to DrSLID",
        coverage = {"v1c14-009", "v1c14-013"},
        assertions = {"v1c14-009#06", "v1c14-013#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        ownId = true,
        provenBy = {"dr-return-ignores-dr-slid"})
public final class C14_913_02_SW extends MadProcedure {
    private static final String ENDS_HERE = "v1c14-009#06";
    private static final String BACK_TO_DR_SLID = "v1c14-013#03";

    @Override
    protected void initialize() {
        note("PortState of the DUT's link port is Active with LIDs (the bench brought the link up and routes the"
                + " tester's LID " + ctx().bench().link().testerLid() + " back out of the link's port)");
    }

    @Override
    protected void execute() {
        int testerLid = ctx().bench().link().testerLid();
        step(
                1,
                "SendMad (SubnGet(NodeInfo) LID-routed to the DUT's LID " + mad().dutLid() + " where DrSLID = "
                        + testerLid + ", DrDLID = 0xFFFF, HopCount = 0)");
        MadTester.Posted get = mad().post(request(testerLid));
        step(
                2,
                "ReceiveMad (SubnGetResp(NodeInfo)) LID-routed back to DrSLID; Verify Status.D == 1, HopCount == 0,"
                        + " HopPointer == 0, DrSLID == " + testerLid + ", DrDLID == 0xFFFF");
        MadExchange x = get.receive(BACK_TO_DR_SLID);
        mad().verifyResponse(BACK_TO_DR_SLID, x);
        DrSmp response = x.dr();
        check(BACK_TO_DR_SLID, "MADHeader:HopPointer", 0, response.hopPointer());
        check(BACK_TO_DR_SLID, "DrSLID", testerLid, response.drSlid());
        check(BACK_TO_DR_SLID, "DrDLID", DrSmp.PERMISSIVE_LID, response.drDlid());
        step(3, "Verify Status 0 and SMPData.NodeGUID is the DUT's: its own SMA answered");
        check(ENDS_HERE, "MADHeader:Status.Code", 0, x.statusCode());
        check(
                ENDS_HERE,
                "SMPData.NodeGUID",
                String.format("0x%016x", ctx().bench().link().dut().nodeGuid()),
                String.format("0x%016x", NodeInfo.decode(response.data(), 0).nodeGuid()));
    }

    /** SubnGet(NodeInfo) with HopCount 0 and DrSLID = {@code drSlid}, to the DUT's LID. */
    private HostMad request(int drSlid) {
        DrSmp smp = DrSmp.decode(mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0])
                .mad());
        DrSmp lidRouted = new DrSmp(
                smp.header(),
                smp.mKey(),
                drSlid,
                DrSmp.PERMISSIVE_LID,
                smp.reserved28(),
                smp.data(),
                smp.initialPath(),
                smp.returnPath());
        return HostMad.smp(mad().dutLid(), lidRouted.encode());
    }
}
