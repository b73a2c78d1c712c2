package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import java.util.List;

/**
 * One side of ib_send_lat: an inline SEND of {@code size} bytes, answered by the other side's SEND when it arrives.
 * The pinger starts each round and records the round trip; the ponger answers until told to stop. Each runs on its
 * own HCA's loop; {@link #stop} may be called from any thread.
 */
final class PingPong extends LoopPump {
    private final RcHost host;
    private final List<SendWr> message;
    private final long[] rtt;
    private final boolean pinger;
    private volatile boolean stopped;
    private int rounds;
    private long sentAt;

    private PingPong(RcHost host, int size, long[] rtt) {
        super(host.hca);
        this.host = host;
        this.message =
                List.of(SendWr.builder(0, WrOpcode.SEND).inline(new byte[size]).build());
        this.rtt = rtt;
        this.pinger = rtt != null;
    }

    /** Starts rounds and records {@code samples.length} round trips in nanoseconds. */
    static PingPong pinger(RcHost host, int size, long[] samples) {
        return new PingPong(host, size, samples);
    }

    static PingPong ponger(RcHost host, int size) {
        return new PingPong(host, size, null);
    }

    void stop() {
        stopped = true;
    }

    @Override
    Turn step() {
        if (pinger && rounds == 0 && sentAt == 0) {
            send();
        }
        List<WorkCompletion> wcs = host.verbs.pollCq(host.cq, 16);
        for (WorkCompletion wc : wcs) {
            check(wc);
            if (wc.opcode() != WcOpcode.RECV) {
                continue;
            }
            host.verbs.postRecv(host.qpn, host.receives(1));
            if (!pinger) {
                send();
                continue;
            }
            rtt[rounds++] = System.nanoTime() - sentAt;
            if (rounds == rtt.length) {
                return Turn.FINISHED;
            }
            send();
        }
        if (stopped) {
            return Turn.FINISHED;
        }
        return wcs.isEmpty() ? Turn.IDLE : Turn.WORKED;
    }

    private void send() {
        sentAt = System.nanoTime();
        host.verbs.postSend(host.qpn, message);
    }
}
