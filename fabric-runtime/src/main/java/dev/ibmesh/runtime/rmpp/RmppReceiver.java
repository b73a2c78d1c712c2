package dev.ibmesh.runtime.rmpp;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.rmpp.RmppControl;
import dev.ibmesh.mad.rmpp.RmppException;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.mad.rmpp.RmppReassembly;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import java.util.concurrent.CompletableFuture;

/**
 * The receiving side of one RMPP transfer (IBA 13.6.4): takes the DATA segments in order, acknowledges the first at
 * once (the sender starts with a window of one), then each window's end and the last, granting {@link #WINDOW}
 * segments at a time. A duplicate is answered with an ACK of what arrived; so is the first segment after a gap (the
 * sender resends from there at once), but not the ones behind it, which would only repeat that request. A broken
 * transfer is answered with ABORT.
 *
 * <p>Threading: {@link #offer} is synchronized; the MadPort calls it from the port's thread.
 */
public final class RmppReceiver {
    /** Segments granted past the last one acknowledged (the Linux MAD layer grants about as many). */
    public static final int WINDOW = 32;

    private final MadPort port;
    private final RmppReassembly reassembly;
    private final CompletableFuture<RmppReassembly> done = new CompletableFuture<>();
    private long windowLast = 1;
    private boolean gapReported;

    /** @param classHeaderLength where the data starts in a segment: 56 for SA */
    public RmppReceiver(MadPort port, int classHeaderLength) {
        this.port = port;
        this.reassembly = new RmppReassembly(classHeaderLength);
    }

    /** Completes with the whole transfer once the last segment arrived; fails when the sender aborted or stopped. */
    public CompletableFuture<RmppReassembly> done() {
        return done;
    }

    /** Takes a MAD of this transfer: a DATA segment, or the sender's ABORT or STOP. */
    public synchronized void offer(HostMad mad) {
        if (done.isDone()) {
            return;
        }
        byte[] b = mad.mad().toBytes();
        int type = RmppHeader.type(b);
        if (type == RmppHeader.TYPE_ABORT || type == RmppHeader.TYPE_STOP) {
            done.completeExceptionally(new RmppSender.RmppAbortedException(
                    RmppHeader.status(b), "the sender sent " + (type == RmppHeader.TYPE_STOP ? "STOP" : "ABORT")));
            return;
        }
        if (type != RmppHeader.TYPE_DATA) {
            return;
        }
        try {
            boolean taken = reassembly.offer(b);
            long received = reassembly.received();
            boolean gap = !taken && RmppHeader.segmentNumber(b) > received;
            if (gap && gapReported) {
                return;
            }
            gapReported = gap;
            if (reassembly.complete()) {
                ack(mad, b, received, received);
                done.complete(reassembly);
            } else if (!taken || received == windowLast) {
                windowLast = Math.max(windowLast, received + WINDOW);
                ack(mad, b, received, windowLast);
            }
        } catch (RmppException e) {
            port.send(mad.reply(Mad.copyOf(RmppControl.answering(b, RmppHeader.TYPE_ABORT, e.status(), 0, 0))));
            done.completeExceptionally(e);
        }
    }

    private void ack(HostMad mad, byte[] segment, long received, long newWindowLast) {
        port.send(mad.reply(Mad.copyOf(RmppControl.ack(segment, received, newWindowLast))));
    }
}
