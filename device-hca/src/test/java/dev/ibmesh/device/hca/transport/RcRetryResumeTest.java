package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.RcRecoveryTest.ackTimeoutNanos;
import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.transport.TwoHcas.Sent;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Aeth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where the RC requester resumes sending after a go-back-N or an RNR wait when acknowledgements overtake it: never
 * before the oldest unacknowledged PSN (an ACK, or a READ response or atomic ACK acknowledging implicitly, covers
 * everything before it, IBA 9.7.5.1), and never past a READ or atomic whose response is still missing. Each case
 * ends by posting one more request, which must go out and complete: a requester stuck behind what was acknowledged
 * sends nothing ever again and arms no timer.
 */
class RcRetryResumeTest {
    private static final int TIMEOUT = 10;
    private static final int OP_WRITE_FIRST = 0x06;
    private static final int OP_ACKNOWLEDGE = 0x11;

    private final TwoHcas f = new TwoHcas();
    /** How often A has put each PSN on the wire. */
    private final Map<Integer, Integer> transmissions = new HashMap<>();

    private Conn connect() {
        Path p = new Path();
        p.timeout = TIMEOUT;
        return f.connect(QpType.RC, p);
    }

    /** Counts A's transmission of {@code s}, and answers how many times its PSN has now gone out. */
    private int count(Sent s) {
        return transmissions.merge(s.psn(), 1, Integer::sum);
    }

    /** An RDMA WRITE of 8 packets at PMTU 256 (PSNs 100 to 107 of a fresh connection). */
    private SendWr write8(long wrId) {
        return SendWr.builder(wrId, WrOpcode.RDMA_WRITE)
                .sge(f.a.sge(0, 2048))
                .remote(MR_VA, f.b.mr.rkey())
                .build();
    }

    /** A SEND posted after the trouble, with its receive: it must be transmitted and complete. */
    private void sendOneMoreAndExpectItToComplete(Conn c, long wrId) {
        f.b.postRecv(c.qpB(), wrId, 4096, 64);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(wrId, WrOpcode.SEND)
                        .inline(new byte[] {42})
                        .build()));
        f.run(10 * ackTimeoutNanos(TIMEOUT));
        List<WorkCompletion> done = f.a.pollSend();
        assertEquals(List.of(wrId), done.stream().map(WorkCompletion::wrId).toList(), "completions: " + done);
        assertEquals(WcStatus.SUCCESS, done.get(0).status());
        assertEquals(42, f.b.read(4096, 1)[0]);
        assertEquals(QpState.RTS, f.a.verbs.queryQp(c.qpA()).state());
    }

    /**
     * The reported hang: the ACK timer runs out before the ACK of a long WRITE arrives; the requester goes back to its
     * first PSN and is held back by a full port after one packet; then the ACK of the original transmission arrives and
     * completes the WRITE. What the go-back still had to send is acknowledged: the requester moves on to new requests.
     */
    @Test
    void aLateAckDuringAGoBackMovesTheRequesterPastWhatItCovers() {
        Conn c = connect();
        byte[] data = RcTransportTest.bytes(2048, 11);
        f.a.write(0, data);
        f.filter(s -> {
            if (s.from() == f.b) {
                // The original transmission's ACK is late; the ACKs of the duplicates are lost.
                return f.sentBy(f.b).size() == 1 ? Action.HOLD : Action.DROP;
            }
            if (count(s) == 2 && s.psn() == 100) {
                f.a.full = true;
            }
            return Action.PASS;
        });
        f.a.verbs.postSend(c.qpA(), List.of(write8(1)));
        f.run(ackTimeoutNanos(TIMEOUT));
        assertEquals(1, f.a.counters(c.qpA()).timeouts());
        assertEquals(2, transmissions.get(100), "went back to the first PSN");
        assertEquals(1, f.heldCount(), "the ACK of the original transmission");

        f.release();
        assertEquals(
                List.of(1L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        assertArrayEquals(data, f.b.read(0, 2048));
        f.filter(s -> {
            if (s.from() == f.a) {
                count(s);
            }
            return Action.PASS;
        });
        f.a.roomAgain();
        sendOneMoreAndExpectItToComplete(c, 2);
        assertEquals(1, transmissions.get(102), "nothing the ACK covered is sent again");
        assertEquals(1, transmissions.get(108), "the new request went once");
    }

    /** The same, when the late acknowledgement is implicit: a READ response or an atomic ACK after the WRITE. */
    @ParameterizedTest
    @EnumSource(
            value = WrOpcode.class,
            names = {"RDMA_READ", "ATOMIC_FETCH_AND_ADD"})
    void aLateImplicitAckDuringAGoBackMovesTheRequesterPastWhatItCovers(WrOpcode op) {
        Conn c = connect();
        f.b.writeLong(8192, 5);
        f.filter(s -> {
            if (s.from() == f.b) {
                // Explicit ACKs are lost; the response to the READ or atomic is late.
                return s.op() == OP_ACKNOWLEDGE ? Action.DROP : Action.HOLD;
            }
            if (count(s) == 2 && s.psn() == 100) {
                f.a.full = true;
            }
            return Action.PASS;
        });
        SendWr second = op == WrOpcode.RDMA_READ
                ? SendWr.builder(2, op)
                        .sge(f.a.sge(8192, 8))
                        .remote(MR_VA + 8192, f.b.mr.rkey())
                        .build()
                : SendWr.builder(2, op)
                        .sge(f.a.sge(8192, 8))
                        .remote(MR_VA + 8192, f.b.mr.rkey())
                        .atomic(1, 0)
                        .build();
        f.a.verbs.postSend(c.qpA(), List.of(write8(1), second));
        f.run(ackTimeoutNanos(TIMEOUT));
        assertEquals(2, transmissions.get(100), "went back to the first PSN");
        assertEquals(1, f.heldCount(), "the response to the " + op);

        f.release();
        assertEquals(
                List.of(1L, 2L),
                f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        assertEquals(5, f.a.readLong(8192), "the original value, or the data read");
        f.filter(s -> Action.PASS);
        f.a.roomAgain();
        sendOneMoreAndExpectItToComplete(c, 3);
        assertEquals(op == WrOpcode.RDMA_READ ? 5 : 6, f.b.readLong(8192), "executed once");
    }

    /**
     * A NAK-triggered go-back held back by a full port, while the packets it was to resend arrive late from the first
     * transmission and their ACK covers the whole WRITE.
     */
    @Test
    void anAckOvertakingANakTriggeredGoBackMovesTheRequesterPastWhatItCovers() {
        Conn c = connect();
        f.filter(s -> {
            if (s.from() == f.b) {
                return Action.PASS;
            }
            int n = count(s);
            if (n == 2 && s.psn() == 102) {
                f.a.full = true;
            }
            if (n > 1 || s.psn() < 101 || s.psn() == 102) {
                return Action.PASS;
            }
            // First transmission: 101 is lost, 102 provokes the sequence NAK, 103 to 107 come late.
            return s.psn() == 101 ? Action.DROP : Action.HOLD;
        });
        f.a.verbs.postSend(c.qpA(), List.of(write8(1)));
        f.settle();
        assertEquals(1, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_PSN_SEQUENCE_ERROR));
        assertEquals(2, transmissions.get(102), "went back to 101 and sent 102 again");
        assertEquals(5, f.heldCount());

        f.release();
        assertEquals(
                List.of(1L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        f.a.roomAgain();
        sendOneMoreAndExpectItToComplete(c, 2);
        assertEquals(1, transmissions.get(104), "nothing the ACK covered is sent again");
    }

    /**
     * A sequence NAK for a PSN after a READ whose response was lost: the READ is asked for again and everything after
     * it resent once, at the cost of one retry (the go-back to the READ is not overridden by one to the NAK's PSN).
     */
    @Test
    void aSequenceNakPastAnUnansweredReadGoesBackToTheReadOnce() {
        Conn c = connect();
        f.b.write(0, RcTransportTest.bytes(8, 12));
        f.b.postRecv(c.qpB(), 2, 4096, 64);
        f.b.postRecv(c.qpB(), 3, 8192, 64);
        f.filter(s -> {
            if (s.from() == f.b) {
                // The READ response is lost once.
                return s.op() == 0x10 && f.sentBy(f.b).size() == 1 ? Action.DROP : Action.PASS;
            }
            // The first SEND's first transmission is lost: the second provokes a sequence NAK for 101.
            return count(s) == 1 && s.psn() == 101 ? Action.DROP : Action.PASS;
        });
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_READ)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[] {2}).build(),
                        SendWr.builder(3, WrOpcode.SEND).inline(new byte[] {3}).build()));
        f.settle();
        assertEquals(
                List.of(100, 101, 102, 100, 101, 102),
                f.sentBy(f.a).stream().map(Sent::psn).toList());
        assertEquals(1, f.a.counters(c.qpA()).retries());
        assertEquals(
                List.of(1L, 2L, 3L),
                f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        assertArrayEquals(f.b.read(0, 8), f.a.read(0, 8));
    }

    /**
     * An RNR NAK stops the requester; during the wait a late duplicate of the SEND arrives after the receive was posted,
     * is executed and acknowledged. When the RNR timer runs out, the requester resumes after the acknowledged SEND.
     */
    @Test
    void anAckDuringAnRnrWaitMovesTheResumptionPastWhatItCovers() {
        Path p = new Path();
        p.timeout = TIMEOUT;
        p.minRnrTimer = 14;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.a && count(s) == 1 && s.psn() == 100 ? Action.PASS_AND_HOLD_COPY : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[] {1}).build()));
        f.settle();
        assertEquals(1, f.a.counters(c.qpA()).rnrNaksReceived());
        f.b.postRecv(c.qpB(), 1, 0, 64);
        f.release();
        assertEquals(
                List.of(1L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());

        f.run(Aeth.rnrTimerNanos(14));
        sendOneMoreAndExpectItToComplete(c, 2);
        assertEquals(1, transmissions.get(100), "the acknowledged SEND is not sent again");
        assertEquals(2, f.b.pollRecv().size(), "one receive completion per SEND");
    }
}
