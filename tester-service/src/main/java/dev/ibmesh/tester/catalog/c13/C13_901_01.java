package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.Optional;

/**
 * A MAD whose version the agent does not support is answered with status 1, "bad version" (IBA 13.4.7 Table 110:
 * "either the base version, or the class version, or the combination of the two is not supported"; C13-24). The
 * SMP class and PerfMgt are both at ClassVersion 1 and BaseVersion 1.
 *
 * <p>Sub-case .1 (steps 1-2): SubnGet(NodeInfo) with ClassVersion 2 gets SubnGetResp with status code 1. Sub-case .2
 * (steps 3-4): PerfMgt Get(ClassPortInfo) with ClassVersion 2, the same. Sub-case .3 (steps 5-6): SubnGet(NodeInfo)
 * with BaseVersion 2. The IBA's status code covers it, but a receiver may not even take such a MAD for one (Linux's
 * MAD layer drops it before any agent sees it): an answer must carry status code 1; no answer is noted, not failed.
 * Which ClassVersion an answer to a bad version carries is not checked: the IBA text on it is not public.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no MAD version procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C13_901_01",
        title = "Unsupported ClassVersion or BaseVersion: status 1 (bad version) from the SMA and the PMA",
        coverage = {"IBA 13.4.7", "v1c13-024"},
        assertions = {"v1c13-901#01", "v1c13-901#02", "v1c13-901#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"answer-bad-class-version"})
public final class C13_901_01 extends MadRulesProcedure {
    private static final String SMA = "v1c13-901#01";
    private static final String PMA = "v1c13-901#02";
    private static final String BASE = "v1c13-901#03";
    private static final int BAD_VERSION = 2;

    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(NodeInfo) where MADHeader:ClassVersion = " + BAD_VERSION + ")");
        MadExchange sma =
                mad().send(SMA, smp(MadHeader.BASE_VERSION, BAD_VERSION, Method.GET, NodeInfo.ATTRIBUTE_ID, 0));
        step(2, "ReceiveMad (SubnGetResp(NodeInfo)); Verify MADHeader:Status.Code == 1 (bad version)");
        status(SMA, sma, MadStatus.CODE_BAD_VERSION);

        step(3, "SendMad (Get(ClassPortInfo) of PerfMgt where MADHeader:ClassVersion = " + BAD_VERSION + ")");
        MadExchange pma =
                mad().send(PMA, pma(MadHeader.BASE_VERSION, BAD_VERSION, Method.GET, ClassPortInfo.ATTRIBUTE_ID));
        step(4, "ReceiveMad (GetResp(ClassPortInfo)); Verify MADHeader:Status.Code == 1 (bad version)");
        status(PMA, pma, MadStatus.CODE_BAD_VERSION);

        step(5, "SendMad (SubnGet(NodeInfo) where MADHeader:BaseVersion = " + BAD_VERSION + ")");
        Optional<MadExchange> base = mad().sendExpectingNoResponse(
                        smp(BAD_VERSION, 1, Method.GET, NodeInfo.ATTRIBUTE_ID, 0), mad().silence());
        step(6, "If a SubnGetResp(NodeInfo) comes: Verify MADHeader:Status.Code == 1 (bad version)");
        if (base.isPresent()) {
            status(BASE, base.get(), MadStatus.CODE_BAD_VERSION);
        } else {
            note("no answer within " + mad().silence().toMillis() + " ms: the DUT discarded the MAD");
        }
    }
}
