package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
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
    /** PortCounters and PortCountersExtended bytes 2-3: CounterSelect. */
    protected static final int COUNTER_SELECT_OFFSET = 2;

    @Override
    protected void initialize() {
        PortInfo port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        note("the DUT's port on the link, whose counters the procedure reads, is port " + dutPort());
    }

    /**
     * NOT_APPLICABLE unless the DUT is the tester's neighbour, for a procedure that counts what {@link #sendUnroutable}
     * sends: further away, the first switch on the route gets those packets, not the DUT.
     */
    protected final void requireUnroutableReachesDut() {
        requireDirectLink("counts packets the DUT cannot relay, which the first switch on the way would get instead");
    }

    /** The DUT's port on the link: PortSelect of every PortCounters GMP. */
    protected final int dutPort() {
        return ctx().bench().link().dutPort();
    }

    /** Get(PortCounters) of the DUT's link port: the counters, after checking the response is a good one. */
    protected final PortCounters get(String assertions) {
        return getAt(assertions, dutPort());
    }

    /** Get(PortCounters) with {@code portSelect} (a port, or 0xFF for all of them). */
    protected final PortCounters getAt(String assertions, int portSelect) {
        return exchange(assertions, Method.GET, portSelect, 0);
    }

    /** Set(PortCounters) with {@code counterSelect}: the counters its response reports, after the clearing. */
    protected final PortCounters set(String assertions, int counterSelect) {
        return setAt(assertions, dutPort(), counterSelect);
    }

    /** Set(PortCounters) with {@code portSelect} and {@code counterSelect}. */
    protected final PortCounters setAt(String assertions, int portSelect, int counterSelect) {
        return exchange(assertions, Method.SET, portSelect, counterSelect);
    }

    private PortCounters exchange(String assertions, int method, int portSelect, int counterSelect) {
        byte[] request = PortCounters.zero(portSelect).toBytes();
        Bits.put16(request, COUNTER_SELECT_OFFSET, counterSelect);
        MadExchange x = pma(assertions, method, PortCounters.ATTRIBUTE_ID, request);
        check(assertions, "MADHeader:Status", "0x0000", status(x));
        PortCounters answer = PmaMad.decode(x.response().mad()).attribute(PortCounters::decode);
        check(assertions, "PortCounters:PortSelect", portSelect, answer.portSelect());
        return answer;
    }

    /**
     * Sends {@code count} LID-routed SubnGet(NodeInfo) to the LID above the DUT switch's LinearFDBTop, which it cannot
     * relay: each counts once in PortRcvSwitchRelayErrors of the DUT's port on the link (IBA 16.1.3.5). Returns that
     * LID. They leave before any later MAD on the same link, so the DUT has counted them when it answers that one.
     */
    protected final int sendUnroutable(int count) {
        int top = SwitchInfo.decode(mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0).smpData(), 0)
                .linearFdbTop();
        int nowhere = top + 1;
        for (int i = 0; i < count; i++) {
            mad().sendOnly(mad().lidRouted(nowhere, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]));
        }
        return nowhere;
    }

    /** Get(ClassPortInfo) of the DUT's PMA (IBA 16.1), status 0. */
    protected final ClassPortInfo classPortInfo(String assertions) {
        MadExchange x = pma(assertions, Method.GET, ClassPortInfo.ATTRIBUTE_ID, new byte[0]);
        check(assertions, "MADHeader:Status", "0x0000", status(x));
        return PmaMad.decode(x.response().mad()).attribute(ClassPortInfo::decode);
    }

    /**
     * A Get or Set of {@code attributeId} with {@code data} to the DUT's PMA, and its response, after checking what a
     * response mirrors of its request (IBA 13.4.5); its status is the caller's to check.
     */
    protected final MadExchange pma(String assertions, int method, int attributeId, byte[] data) {
        MadHeader header = mad().header(MgmtClass.PERF_MGT, PmaMad.CLASS_VERSION, method, attributeId, 0);
        MadExchange x = mad().send(
                        assertions,
                        mad().gmp(
                                        mad().dutLid(),
                                        MadTester.GSI_Q_KEY,
                                        0,
                                        PmaMad.of(header, data).encode()));
        mad().verifyResponse(assertions, x);
        return x;
    }

    /** The response's status word as the step log shows it: {@code 0x000c}. */
    protected static String status(MadExchange x) {
        return String.format("0x%04x", x.status());
    }

    /** The status word of a status code (IBA 13.4.7 Table 110, bits 2-4) as the step log shows it. */
    protected static String statusOf(int code) {
        return String.format("0x%04x", MadStatus.ofCode(code));
    }
}
