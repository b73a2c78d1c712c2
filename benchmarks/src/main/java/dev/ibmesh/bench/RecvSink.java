package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WorkCompletion;

/**
 * The receiver of ib_send_bw: counts receive completions until {@code count} arrived, re-posting a receive for each
 * so the queue never runs dry. Runs on the receiving HCA's loop.
 */
final class RecvSink extends LoopPump {
    private final RcHost host;
    private final int count;
    private int received;

    RecvSink(RcHost host, int count) {
        super(host.hca);
        this.host = host;
        this.count = count;
    }

    @Override
    Turn step() {
        int got = 0;
        for (WorkCompletion wc : host.verbs.pollCq(host.cq, 256)) {
            check(wc);
            if (wc.opcode() == WcOpcode.RECV) {
                got++;
            }
        }
        if (got == 0) {
            return Turn.IDLE;
        }
        received += got;
        host.verbs.postRecv(host.qpn, host.receives(got));
        return received >= count ? Turn.FINISHED : Turn.WORKED;
    }
}
