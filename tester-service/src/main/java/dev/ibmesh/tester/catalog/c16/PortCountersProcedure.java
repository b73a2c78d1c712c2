package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;
import dev.ibmesh.wire.Bits;

/**
 * What the PortCounters procedures share: Get and Set(PortCounters) GMPs to the DUT's PMA (class PerfMgt on QP1 of
 * the DUT's LID, Q_Key 0x80010000, P_Key index 0, IBA 16.1.3.5) for the DUT's port on the link, whose counters the
 * tester can drive.
 */
abstract class PortCountersProcedure extends MadProcedure {
    /** PortCounters bytes 2-3: CounterSelect. */
    private static final int COUNTER_SELECT_OFFSET = 2;

    @Override
    protected void initialize() {
        PortInfo port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        note("the DUT's port on the link, whose counters the procedure reads, is port " + dutPort());
    }

    /** The DUT's port on the link: PortSelect of every PortCounters GMP. */
    protected final int dutPort() {
        return ctx().bench().link().dutPort();
    }

    /** Get(PortCounters) of the DUT's link port: the counters, after checking the response is a good one. */
    protected final PortCounters get(String assertions) {
        return exchange(assertions, Method.GET, 0);
    }

    /** Set(PortCounters) with {@code counterSelect}: the counters its response reports, after the clearing. */
    protected final PortCounters set(String assertions, int counterSelect) {
        return exchange(assertions, Method.SET, counterSelect);
    }

    private PortCounters exchange(String assertions, int method, int counterSelect) {
        byte[] request = PortCounters.zero(dutPort()).toBytes();
        Bits.put16(request, COUNTER_SELECT_OFFSET, counterSelect);
        MadHeader header = mad().header(MgmtClass.PERF_MGT, PmaMad.CLASS_VERSION, method, PortCounters.ATTRIBUTE_ID, 0);
        MadExchange x = mad().send(
                        assertions,
                        mad().gmp(
                                        mad().dutLid(),
                                        MadTester.GSI_Q_KEY,
                                        0,
                                        PmaMad.of(header, request).encode()));
        mad().verifyResponse(assertions, x);
        check(assertions, "MADHeader:Status", "0x0000", String.format("0x%04x", x.status()));
        PortCounters answer = PmaMad.decode(x.response().mad()).attribute(PortCounters::decode);
        check(assertions, "PortCounters:PortSelect", dutPort(), answer.portSelect());
        return answer;
    }
}
