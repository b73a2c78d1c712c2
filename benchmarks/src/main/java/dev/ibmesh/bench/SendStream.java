package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * The sender of ib_write_bw / ib_send_bw: keeps {@code depth} requests of {@code size} bytes outstanding on the QP
 * until {@code count} have completed. Requests are posted in batches of {@link #BATCH} with only the last signaled
 * (perftest's cq_mod), each signaled completion standing for its batch. Runs on the sending HCA's loop.
 */
final class SendStream extends LoopPump {
    static final int BATCH = 16;

    private final RcHost host;
    private final int count;
    private final int depth;
    private final List<SendWr> batch = new ArrayList<>();
    private long startNanos;
    private int posted;
    private int completed;

    SendStream(RcHost host, WrOpcode opcode, int size, long remoteAddr, int rkey, int count, int depth) {
        super(host.hca);
        this.host = host;
        this.count = count;
        this.depth = depth;
        for (int i = 0; i < BATCH; i++) {
            batch.add(SendWr.builder(BATCH, opcode)
                    .sge(host.sge(0, size))
                    .remote(remoteAddr, rkey)
                    .signaled(i == BATCH - 1)
                    .build());
        }
    }

    /** When the first request was posted, System.nanoTime. */
    long startNanos() {
        return startNanos;
    }

    @Override
    Turn step() {
        if (posted == 0) {
            startNanos = System.nanoTime();
        }
        int before = completed + posted;
        for (WorkCompletion wc : host.verbs.pollCq(host.cq, 64)) {
            check(wc);
            completed += (int) wc.wrId();
        }
        while (posted < count && posted - completed + BATCH <= depth) {
            int n = Math.min(BATCH, count - posted);
            host.verbs.postSend(host.qpn, n == BATCH ? batch : lastBatch(n));
            posted += n;
        }
        if (completed >= count) {
            return Turn.FINISHED;
        }
        return completed + posted == before ? Turn.IDLE : Turn.WORKED;
    }

    /** A shorter final batch, its last request signaled and standing for {@code n}. */
    private List<SendWr> lastBatch(int n) {
        List<SendWr> last = new ArrayList<>(batch.subList(0, n - 1));
        SendWr t = batch.get(BATCH - 1);
        last.add(new SendWr(
                n, t.opcode(), t.sgList(), t.inlineData(), true, false, 0, 0, t.remoteAddr(), t.rkey(), 0, 0, null));
        return last;
    }
}
