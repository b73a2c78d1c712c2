package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;
import java.util.Locale;

/**
 * What the procedures on the rules every MAD follows (IBA 13.4) share: the DUT's management port (a switch's port 0,
 * the CA port on the link) and its PortInfo, whose RespTimeValue and SubnetTimeOut set how long the tester waits;
 * requests to the DUT's SMA (directed route, as every SMP of the MAD Tester) and to its PMA (a GMP to QP1 of its
 * LID), with any BaseVersion, ClassVersion and Method; and the status check of their answers.
 */
abstract class MadRulesProcedure extends MadProcedure {
    private int managementPort;
    private PortInfo portInfo;

    @Override
    protected void initialize() {
        managementPort =
                ctx().bench().link().dutIsSwitch() ? 0 : ctx().bench().link().dutPort();
        portInfo = PortInfo.decode(
                mad().subnGet(PortInfo.ATTRIBUTE_ID, managementPort).requireOk().smpData(), 0);
        mad().responseTime(portInfo.respTimeValue(), portInfo.subnetTimeOut());
        note("PortInfo:PortState is Init, Armed or Active for the MAD Tester and the DUT (the bench brought the link"
                + " up); the DUT's management port is port " + managementPort);
        if (portInfo.mKey() != 0) {
            throw new TesterError("initialization: the DUT's M_Key is 0x" + Long.toHexString(portInfo.mKey())
                    + "; the procedure needs 0");
        }
    }

    /** The port whose PortInfo describes the DUT's management agents. */
    protected final int managementPort() {
        return managementPort;
    }

    /** The management port's PortInfo as the initialization read it. */
    protected final PortInfo portInfo() {
        return portInfo;
    }

    /** An SMP along the directed route to the DUT, with this BaseVersion, ClassVersion and Method, not yet sent. */
    protected final HostMad smp(int baseVersion, int classVersion, int method, int attributeId, int modifier) {
        DrSmp smp = DrSmp.decode(mad().directed(method, attributeId, modifier, 0, new byte[0], mad().pathToDut())
                .mad());
        return HostMad.smp(
                DrSmp.PERMISSIVE_LID,
                smp.withHeader(versions(smp.header(), baseVersion, classVersion))
                        .encode());
    }

    /** A PerfMgt GMP to QP1 of the DUT's LID, with this BaseVersion, ClassVersion and Method, not yet sent. */
    protected final HostMad pma(int baseVersion, int classVersion, int method, int attributeId) {
        MadHeader h = mad().header(MgmtClass.PERF_MGT, classVersion, method, attributeId, 0);
        return mad().gmp(
                        mad().dutLid(),
                        MadTester.GSI_Q_KEY,
                        0,
                        PmaMad.of(versions(h, baseVersion, classVersion), new byte[0])
                                .encode());
    }

    /**
     * Verify the response carries the request's TransactionID, is a response (R bit) and has Status.Code {@code code}
     * (IBA 13.4.7 Table 110).
     */
    protected final void status(String assertions, MadExchange x, int code) {
        check(
                assertions,
                "MADHeader:TransactionID",
                String.format("0x%016x", x.requestHeader().transactionId()),
                String.format("0x%016x", x.header().transactionId()));
        check(assertions, "MADHeader:Method.R", true, x.header().isResponse());
        check(assertions, "MADHeader:Status.Code", code, x.statusCode());
    }

    /** 4.096 us x 2^{@code timeValue}, the IBA's time unit for RespTimeValue and SubnetTimeOut (13.4.6.2). */
    static long timeValueNanos(int timeValue) {
        return 4096L << Math.min(timeValue, 31);
    }

    /** Nanoseconds as milliseconds with three decimals, for the step log. */
    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /**
     * SendMad (Start TIMER1) and ReceiveMad (Stop TIMER1) of {@code request}, which must be answered
     * ({@code assertions} if it is not): its exchange and TIMER1. TIMER1 runs on the tester, so it holds the DUT's
     * response time and both ways over the link, never less.
     */
    protected final Timed timed(String assertions, HostMad request) {
        long start = System.nanoTime();
        MadExchange x = mad().send(assertions, request);
        return new Timed(x, System.nanoTime() - start);
    }

    /** An exchange and the time from its request leaving to its response arriving. */
    record Timed(MadExchange exchange, long nanos) {}

    private static MadHeader versions(MadHeader h, int baseVersion, int classVersion) {
        return new MadHeader(
                baseVersion,
                h.mgmtClass(),
                classVersion,
                h.method(),
                h.status(),
                h.classSpecific(),
                h.transactionId(),
                h.attributeId(),
                h.reserved(),
                h.attributeModifier());
    }
}
