package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.PortInfos;

/**
 * A response mirrors its request (IBA 13.4.5, 13.4.6.1): the same BaseVersion, MgmtClass, ClassVersion,
 * TransactionID, AttributeID and AttributeModifier; Method is the request's with the R bit, except that SubnGetResp
 * (0x81) answers SubnGet and SubnSet alike (14.2.1); a directed-route response returns with the D bit set and the
 * request's HopCount (14.2.2).
 *
 * <p>Four requests, each with a fresh TransactionID and a non-zero AttributeModifier where the attribute takes one:
 * SubnGet(PortInfo) along the directed route (steps 1-2), SubnSet(PortInfo) writing back what the DUT holds (steps
 * 3-4), SubnGet(NodeInfo) LID-routed to the DUT's LID (steps 5-6) and PerfMgt Get(ClassPortInfo) (steps 7-8).
 *
 * <p>ibmesh's own ID: the CTS's procedures check these fields in passing; no public page has a procedure of their
 * own. The item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C13_904_01",
        title = "The response mirrors the request: TransactionID, AttributeID, AttributeModifier, versions, GetResp",
        coverage = {"IBA 13.4.5", "IBA 13.4.6.1", "IBA 14.2.1"},
        assertions = {"v1c13-904#01", "v1c13-904#02", "v1c13-904#03", "v1c13-904#04"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"answer-set-with-set-resp"})
public final class C13_904_01 extends MadRulesProcedure {
    private static final String DR_GET = "v1c13-904#01";
    private static final String DR_SET = "v1c13-904#02";
    private static final String LID_GET = "v1c13-904#03";
    private static final String GMP_GET = "v1c13-904#04";

    @Override
    protected void execute() {
        step(
                1,
                "SendMad (SubnGet(PortInfo where AttributeModifier = " + managementPort() + ")) along the directed"
                        + " route");
        MadExchange get =
                mad().send(DR_GET, smp(MadHeader.BASE_VERSION, 1, Method.GET, PortInfo.ATTRIBUTE_ID, managementPort()));
        step(2, "ReceiveMad (SubnGetResp(PortInfo)); Verify the header mirrors the request, Method 0x81, D bit set");
        mirrors(DR_GET, get);

        step(
                3,
                "SendMad (SubnSet(PortInfo where AttributeModifier = " + managementPort() + ", the DUT's PortInfo"
                        + " written back))");
        PortInfo now = PortInfo.decode(get.smpData(), 0);
        MadExchange set = mad().send(
                        DR_SET,
                        mad().directed(
                                        Method.SET,
                                        PortInfo.ATTRIBUTE_ID,
                                        managementPort(),
                                        0,
                                        PortInfos.writeBack(now).build().toBytes(),
                                        mad().pathToDut()));
        step(
                4,
                "ReceiveMad (SubnGetResp(PortInfo)); Verify the header mirrors the request and Method is SubnGetResp"
                        + " (0x81)");
        mirrors(DR_SET, set);

        step(5, "SendMad (SubnGet(NodeInfo)) LID-routed to the DUT's LID " + mad().dutLid());
        MadExchange lid = mad().send(
                        LID_GET, mad().lidRouted(mad().dutLid(), Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]));
        step(6, "ReceiveMad (SubnGetResp(NodeInfo)); Verify the header mirrors the request");
        mirrors(LID_GET, lid);

        step(7, "SendMad (Get(ClassPortInfo) of PerfMgt)");
        MadExchange gmp = mad().send(
                        GMP_GET,
                        pma(MadHeader.BASE_VERSION, PmaMad.CLASS_VERSION, Method.GET, ClassPortInfo.ATTRIBUTE_ID));
        step(8, "ReceiveMad (GetResp(ClassPortInfo)); Verify the header mirrors the request");
        mirrors(GMP_GET, gmp);
    }

    private void mirrors(String assertions, MadExchange x) {
        mad().verifyResponse(assertions, x);
        check(assertions, "MADHeader:Status.Code", 0, x.statusCode());
    }
}
