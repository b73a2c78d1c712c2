package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.wire.Aeth;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Each deviation breaks its one rule: the same exchange checks the rule, and the check holds on the compliant HCA and
 * fails on the deviating one. The deviating HCA is A for requester rules and B for responder rules.
 */
class HcaDeviationTest {
    private static TwoHcas requesterDeviates(HcaDeviation d, boolean on) {
        return new TwoHcas(on ? EnumSet.of(d) : Set.of(), Set.of());
    }

    private static TwoHcas responderDeviates(HcaDeviation d, boolean on) {
        return new TwoHcas(Set.of(), on ? EnumSet.of(d) : Set.of());
    }

    @Test
    void labelsParse() {
        assertEquals(
                EnumSet.of(HcaDeviation.NO_RNR_NAK, HcaDeviation.COMPLETE_BEFORE_ACK),
                HcaDeviation.of(Set.of("no-rnr-nak", "complete-before-ack")));
        assertEquals(20, Deviations.labels(HcaDeviation.class).size());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> HcaDeviation.of(Set.of("no-such-thing")));
        assertTrue(e.getMessage().contains("retry-before-rnr-timer"), e.getMessage());
    }

    /** The time from the first RNR NAK to the retry, with B's min_rnr_timer code 14 (1.28 ms). */
    private static long rnrWait(TwoHcas f) {
        Path p = new Path();
        p.minRnrTimer = 14;
        p.rnrRetry = 1;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.run(100_000_000L);
        return f.sentBy(f.a).get(1).nanos() - f.sentBy(f.b).get(0).nanos();
    }

    @Test
    void retryBeforeRnrTimer() {
        assertTrue(rnrWait(requesterDeviates(HcaDeviation.RETRY_BEFORE_RNR_TIMER, false)) >= Aeth.rnrTimerNanos(14));
        assertTrue(rnrWait(requesterDeviates(HcaDeviation.RETRY_BEFORE_RNR_TIMER, true)) < Aeth.rnrTimerNanos(14));
    }

    /** Whether rnr_retry = 1 ends the SEND in RNR_RETRY_EXC_ERR within 20 RNR waits. */
    private static boolean rnrRetryHonoured(TwoHcas f) {
        Path p = new Path();
        p.minRnrTimer = 1;
        p.rnrRetry = 1;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.run(20 * Aeth.rnrTimerNanos(1));
        List<WorkCompletion> wc = f.a.pollSend();
        return wc.size() == 1
                && wc.get(0).status() == WcStatus.RNR_RETRY_EXC_ERR
                && f.sentBy(f.a).size() == 2;
    }

    @Test
    void ignoreRnrRetryCount() {
        assertTrue(rnrRetryHonoured(requesterDeviates(HcaDeviation.IGNORE_RNR_RETRY_COUNT, false)));
        assertTrue(!rnrRetryHonoured(requesterDeviates(HcaDeviation.IGNORE_RNR_RETRY_COUNT, true)));
    }

    /** C9-60: with every ACK held, whether the atomic and the SEND stay uncompleted. */
    private static boolean waitsForAcks(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.b.postRecv(c.qpB(), 1, 64, 64);
        f.filter(s -> s.from() == f.b ? Action.HOLD : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(1, 0)
                                .build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[4]).build()));
        f.settle();
        boolean waited = f.a.pollSend().isEmpty();
        f.release();
        return waited;
    }

    @Test
    void completeBeforeAck() {
        assertTrue(waitsForAcks(requesterDeviates(HcaDeviation.COMPLETE_BEFORE_ACK, false)));
        assertTrue(!waitsForAcks(requesterDeviates(HcaDeviation.COMPLETE_BEFORE_ACK, true)));
    }

    /** Whether B answers a SEND it has no receive for with an RNR NAK. */
    private static boolean sendsRnrNak(TwoHcas f) {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        return f.sentBy(f.b).stream()
                .anyMatch(s -> s.op() == 0x11 && s.packet().header(Aeth.class).syndromeType() == Aeth.TYPE_RNR_NAK);
    }

    @Test
    void noRnrNak() {
        assertTrue(sendsRnrNak(responderDeviates(HcaDeviation.NO_RNR_NAK, false)));
        assertTrue(!sendsRnrNak(responderDeviates(HcaDeviation.NO_RNR_NAK, true)));
    }

    /** With the first of two SENDs lost, whether B NAKs the second and still delivers both, in order. */
    private static boolean keepsPsnOrder(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.b.postRecv(c.qpB(), 2, 8, 8);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> s.from() == f.a && n.incrementAndGet() == 1 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[] {1}).build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[] {2}).build()));
        f.settle();
        boolean naked = f.sentBy(f.b).stream()
                .anyMatch(s -> s.packet().header(Aeth.class).syndrome() == 0x60);
        return naked && f.b.read(0, 1)[0] == 1 && f.b.read(8, 1)[0] == 2;
    }

    @Test
    void acceptPsnOutOfSequence() {
        assertTrue(keepsPsnOrder(responderDeviates(HcaDeviation.ACCEPT_PSN_OUT_OF_SEQUENCE, false)));
        assertTrue(!keepsPsnOrder(responderDeviates(HcaDeviation.ACCEPT_PSN_OUT_OF_SEQUENCE, true)));
    }

    /** The original value A receives for a fetch-and-add of 5 on 10. */
    private static long fetchedOriginal(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.writeLong(0, 10);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .atomic(5, 0)
                        .build()));
        f.settle();
        assertEquals(15, f.b.readLong(0));
        return f.a.readLong(0);
    }

    @Test
    void atomicAckWrongOriginal() {
        assertEquals(10, fetchedOriginal(responderDeviates(HcaDeviation.ATOMIC_ACK_WRONG_ORIGINAL, false)));
        assertEquals(15, fetchedOriginal(responderDeviates(HcaDeviation.ATOMIC_ACK_WRONG_ORIGINAL, true)));
    }
}
