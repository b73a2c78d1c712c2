package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 23.2.4.1.1 Default and response time value check for PortInfo: the DUT's management port reports a RespTimeValue
 * of at most {@value #MAX_RESP_TIME_VALUE} (4.096 us x 2^20, about 4.3 s), and the DUT answers a SubnGet(PortInfo)
 * within that longest response time plus twice the estimated subnet timeout, the round trip over the subnet (IBA
 * 13.4.6.2). The estimated subnet timeout is 4.096 us x 2^PortInfo:SubnetTimeOut of the same port.
 *
 * <p>The CTS's purpose and assertion IDs are public, its step text is not: the steps are ibmesh's. Whether the DUT
 * honours the RespTimeValue it reports, lower than 20, is procedure C13_014_01's business.
 */
@Cts(
        id = "C13_013",
        section = "23.2.4.1.1",
        title = "Default and response time value check for PortInfo: RespTimeValue <= 20, answered within 4.3 s plus"
                + " twice the subnet timeout",
        coverage = {"v1c13-013.1.1"},
        assertions = {"v1c13-013.1.1#01", "v1c13-013.1.1#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"resp-time-value-above-20"})
public final class C13_013 extends MadRulesProcedure {
    private static final String AT_MOST_20 = "v1c13-013.1.1#01";
    private static final String IN_TIME = "v1c13-013.1.1#02";
    static final int MAX_RESP_TIME_VALUE = 20;

    @Override
    protected void execute() {
        int subnetTimeOut = portInfo().subnetTimeOut();
        long bound = timeValueNanos(MAX_RESP_TIME_VALUE) + 2 * timeValueNanos(subnetTimeOut);
        mad().responseTime(MAX_RESP_TIME_VALUE, subnetTimeOut);
        step(1, "SendMad (SubnGet(PortInfo where AttributeModifier = " + managementPort() + ")); Start TIMER1");
        Timed get = timed(IN_TIME, smp(MadHeader.BASE_VERSION, 1, Method.GET, PortInfo.ATTRIBUTE_ID, managementPort()));
        step(2, "ReceiveMad (SubnGetResp(PortInfo)); Stop TIMER1");
        mad().verifyResponse(IN_TIME, get.exchange());
        check(IN_TIME, "MADHeader:Status.Code", 0, get.exchange().statusCode());
        step(3, "Verify SMPData.RespTimeValue <= " + MAX_RESP_TIME_VALUE);
        int respTimeValue = PortInfo.decode(get.exchange().smpData(), 0).respTimeValue();
        checkThat(
                AT_MOST_20,
                "SMPData.RespTimeValue",
                respTimeValue <= MAX_RESP_TIME_VALUE,
                "<= " + MAX_RESP_TIME_VALUE,
                String.valueOf(respTimeValue));
        step(
                4,
                "Verify TIMER1 <= 4.096 us x 2^20 + 2 x 4.096 us x 2^SubnetTimeOut (SubnetTimeOut " + subnetTimeOut
                        + ")");
        checkThat(IN_TIME, "TIMER1", get.nanos() <= bound, "<= " + millis(bound), millis(get.nanos()));
    }
}
