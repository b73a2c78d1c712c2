package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One host's share of the soak's traffic: keeps {@link #DEPTH} requests outstanding on its RC QP, alternating a
 * 64 KiB RDMA WRITE and a 64-byte SEND to the peer, every one signaled, and reposts a receive for every SEND it
 * receives, unless it is playing the slow receiver. It counts send completions by status. After an error completion
 * the QP is in Error: it posts nothing more until the soak has reconnected it ({@link #resume}). Runs on the host's
 * event loop; the soak reads and steers it through {@link OnLoop#call}.
 */
final class SoakTraffic extends LoopPump {
    static final int DEPTH = 32;
    static final int WRITE_BYTES = 64 << 10;

    private final RcHost host;
    private final SendWr write;
    private final SendWr send;
    private final Map<WcStatus, Long> sendStatuses = new EnumMap<>(WcStatus.class);
    private long posted;
    private long receives;
    private int outstanding;
    private int receivesOwed;
    private boolean failed;
    private boolean slowReceiver;
    private boolean stopping;

    SoakTraffic(RcHost host, RcHost peer) {
        super(host.hca);
        this.host = host;
        this.write = SendWr.builder(1, WrOpcode.RDMA_WRITE)
                .sge(host.sge(0, WRITE_BYTES))
                .remote(RcHost.VA + WRITE_BYTES, peer.mr.rkey())
                .build();
        this.send = SendWr.builder(2, WrOpcode.SEND)
                .sge(host.sge(0, RcHost.RECV_SIZE))
                .build();
    }

    /** Waits between idle turns so that the HCA's timers (RC ACK timeouts, RNR waits) fire on time. */
    @Override
    long idleWaitNanos() {
        return 200_000;
    }

    @Override
    Turn step() {
        List<WorkCompletion> done = host.verbs.pollCq(host.cq, 64);
        for (WorkCompletion wc : done) {
            if (wc.opcode() == WcOpcode.RECV) {
                receives++;
                receivesOwed += wc.status() == WcStatus.SUCCESS ? 1 : 0;
            } else {
                outstanding--;
                sendStatuses.merge(wc.status(), 1L, Long::sum);
                failed |= wc.status() != WcStatus.SUCCESS;
            }
        }
        if (stopping && outstanding == 0) {
            return Turn.FINISHED;
        }
        boolean rts = host.verbs.findQp(host.qpn).state() == QpState.RTS;
        if (rts && !slowReceiver && receivesOwed > 0) {
            host.fillReceives(); // not receivesOwed more: completions from before a reconnect may still be in the CQ
            receivesOwed = 0;
        }
        int before = outstanding;
        while (rts && !failed && !stopping && outstanding < DEPTH) {
            host.verbs.postSend(host.qpn, List.of(posted % 2 == 0 ? write : send));
            posted++;
            outstanding++;
        }
        return done.isEmpty() && before == outstanding ? Turn.IDLE : Turn.WORKED;
    }

    RcHost host() {
        return host;
    }

    /** An error completion stopped this side, and every request it posted has completed. */
    boolean failedAndDrained() {
        return failed && outstanding == 0;
    }

    /** Nothing posted is still waiting for its completion. */
    boolean drained() {
        return outstanding == 0;
    }

    /** Posts again after the QP was reconnected (its receive queue is full again). */
    void resume() {
        failed = false;
        receivesOwed = 0;
    }

    void slowReceiver(boolean slow) {
        slowReceiver = slow;
    }

    /** Posts nothing more; the pump finishes once everything posted has completed. */
    void stop() {
        stopping = true;
    }

    long posted() {
        return posted;
    }

    long receives() {
        return receives;
    }

    Map<WcStatus, Long> sendStatuses() {
        return new EnumMap<>(sendStatuses);
    }
}
