package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.PortInfos;

/**
 * 23.2.4.1.2 RespTimeValue, single-packet exchange timing (IBA 13.4.6.2): a node answers each single-packet request
 * within 4.096 us x 2^RespTimeValue of receiving it, so the requester sees the response within that plus twice the
 * subnet timeout (4.096 us x 2^SubnetTimeOut each way). The SMA's RespTimeValue is its management port's PortInfo
 * one (not an external switch port's: the CTS excludes them); a GSI class's is ClassPortInfo's.
 *
 * <p>Each exchange is timed from the request leaving the tester to the response arriving (TIMER1), which is never
 * shorter than the DUT's own response time: SubnGet(PortInfo) and SubnGet(NodeInfo) (steps 1-4), SubnSet(PortInfo)
 * writing back what the DUT holds (steps 5-6), then the PMA: Get(ClassPortInfo) for its RespTimeValue, and a
 * second Get(ClassPortInfo) timed against it (steps 7-10).
 *
 * <p>The CTS's purpose and assertion IDs are public, its step text is not: the steps are ibmesh's, designed from IBA
 * 13.4.6.2, and so is which check carries which of the CTS's assertion IDs.
 */
@Cts(
        id = "C13_014_01",
        section = "23.2.4.1.2",
        title = "RespTimeValue, single-packet exchange timing: SMA and PMA answer within their RespTimeValue",
        coverage = {"v1c13-013.1.1", "v1c13-014", "v1c13-015", "v1c13-016"},
        assertions = {"v1c13-013.1.1#03", "v1c13-014#01", "v1c13-015#01", "v1c13-016#01", "v1c13-016#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"The DUT's management port (not an external switch port)"},
        provenBy = {"understate-resp-time-value"})
public final class C13_014_01 extends MadRulesProcedure {
    private static final String PORT_INFO = "v1c13-013.1.1#03";
    private static final String GET = "v1c13-014#01";
    private static final String SET = "v1c13-015#01";
    private static final String GSI = "v1c13-016#01";
    private static final String GSI_TIMING = "v1c13-016#02";

    @Override
    protected void execute() {
        int subnetTimeOut = portInfo().subnetTimeOut();
        long smaBound = timeValueNanos(portInfo().respTimeValue()) + 2 * timeValueNanos(subnetTimeOut);
        note("PortInfo:RespTimeValue " + portInfo().respTimeValue() + ", SubnetTimeOut " + subnetTimeOut
                + ": an SMP is answered within " + millis(smaBound));

        step(1, "SendMad (SubnGet(PortInfo where AttributeModifier = " + managementPort() + ")); Start TIMER1");
        Timed portInfo = timed(PORT_INFO, get(PortInfo.ATTRIBUTE_ID, managementPort()));
        step(
                2,
                "ReceiveMad (SubnGetResp(PortInfo)); Stop TIMER1; Verify TIMER1 <= 4.096 us x 2^RespTimeValue + 2 x"
                        + " 4.096 us x 2^SubnetTimeOut");
        within(PORT_INFO, portInfo, smaBound);

        step(3, "SendMad (SubnGet(NodeInfo)); Start TIMER1");
        Timed nodeInfo = timed(GET, get(NodeInfo.ATTRIBUTE_ID, 0));
        step(4, "ReceiveMad (SubnGetResp(NodeInfo)); Stop TIMER1; Verify TIMER1 within the same bound");
        within(GET, nodeInfo, smaBound);

        step(
                5,
                "SendMad (SubnSet(PortInfo where AttributeModifier = " + managementPort() + ", the DUT's PortInfo"
                        + " written back)); Start TIMER1");
        PortInfo now = PortInfo.decode(portInfo.exchange().smpData(), 0);
        Timed set = timed(
                SET,
                mad().directed(
                                Method.SET,
                                PortInfo.ATTRIBUTE_ID,
                                managementPort(),
                                0,
                                PortInfos.writeBack(now).build().toBytes(),
                                mad().pathToDut()));
        step(6, "ReceiveMad (SubnGetResp(PortInfo)); Stop TIMER1; Verify TIMER1 within the same bound");
        within(SET, set, smaBound);

        step(7, "SendMad (Get(ClassPortInfo) of PerfMgt to QP1 of the DUT)");
        Timed classPortInfo = timed(GSI, pma(Method.GET, ClassPortInfo.ATTRIBUTE_ID));
        step(8, "ReceiveMad (GetResp(ClassPortInfo)); Verify Status 0 and ClassPortInfo:RespTimeValue");
        mad().verifyResponse(GSI, classPortInfo.exchange());
        check(GSI, "MADHeader:Status.Code", 0, classPortInfo.exchange().statusCode());
        int gsiRespTimeValue = ClassPortInfo.decode(
                        PmaMad.decode(classPortInfo.exchange().response().mad()).data(), 0)
                .respTimeValue();
        long gsiBound = timeValueNanos(gsiRespTimeValue) + 2 * timeValueNanos(subnetTimeOut);
        note("ClassPortInfo:RespTimeValue " + gsiRespTimeValue + ": a PerfMgt GMP is answered within "
                + millis(gsiBound));
        step(9, "SendMad (Get(ClassPortInfo) of PerfMgt) again; Start TIMER1");
        Timed again = timed(GSI_TIMING, pma(Method.GET, ClassPortInfo.ATTRIBUTE_ID));
        step(
                10,
                "ReceiveMad (GetResp(ClassPortInfo)); Stop TIMER1; Verify TIMER1 <= 4.096 us x"
                        + " 2^ClassPortInfo:RespTimeValue + 2 x 4.096 us x 2^SubnetTimeOut");
        within(GSI_TIMING, again, gsiBound);
    }

    private HostMad get(int attributeId, int modifier) {
        return smp(MadHeader.BASE_VERSION, 1, Method.GET, attributeId, modifier);
    }

    private HostMad pma(int method, int attributeId) {
        return pma(MadHeader.BASE_VERSION, PmaMad.CLASS_VERSION, method, attributeId);
    }

    /** The response mirrors its request, has status 0, and came within {@code bound}. */
    private void within(String assertions, Timed t, long bound) {
        mad().verifyResponse(assertions, t.exchange());
        check(assertions, "MADHeader:Status.Code", 0, t.exchange().statusCode());
        checkThat(assertions, "TIMER1", t.nanos() <= bound, "<= " + millis(bound), millis(t.nanos()));
    }
}
