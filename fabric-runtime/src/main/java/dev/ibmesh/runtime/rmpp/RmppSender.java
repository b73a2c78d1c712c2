package dev.ibmesh.runtime.rmpp;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.rmpp.RmppControl;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sending side of RMPP transfers (IBA 13.6.3): sends the DATA segments of a payload that the receiver's window
 * allows, starting with a window of one segment, and moves on as ACKs arrive. An ACK of fewer segments than were
 * sent says the next one was lost: the sender resends from there. When no ACK comes within the segment timeout it
 * resends from the first unacknowledged segment; after {@code retries} resends without progress it sends
 * ABORT (TmR) and gives up. A STOP or ABORT from the receiver ends the transfer. The transfer is done when the last
 * segment is acknowledged.
 *
 * <p>Threading: {@link #send} and {@link #offer} may be called from any thread; every transfer's state lives on
 * {@code thread}.
 */
public final class RmppSender {
    private final MadPort port;
    private final ScheduledExecutorService thread;
    private final Duration segmentTimeout;
    private final int retries;
    private final Map<TransferKey, Transfer> transfers = new ConcurrentHashMap<>();
    private final AtomicLong aborted = new AtomicLong();
    private final AtomicLong resent = new AtomicLong();

    public RmppSender(MadPort port, ScheduledExecutorService thread, Duration segmentTimeout, int retries) {
        this.port = port;
        this.thread = thread;
        this.segmentTimeout = segmentTimeout;
        this.retries = retries;
    }

    /**
     * Sends {@code segments} (from {@link dev.ibmesh.mad.rmpp.RmppSegments}) back to where {@code request} came from;
     * completes when the receiver acknowledged the last one, fails with {@link RmppAbortedException} otherwise.
     */
    public CompletableFuture<Void> send(HostMad request, List<byte[]> segments) {
        Transfer t = new Transfer(TransferKey.of(request), request, segments);
        Transfer before = transfers.put(t.key, t);
        thread.execute(() -> {
            if (before != null) {
                before.fail(RmppHeader.STATUS_UNSPECIFIED, "a new transfer with the same TransactionID replaced it");
            }
            t.sendWindow();
        });
        return t.done;
    }

    /**
     * Takes an ACK, STOP or ABORT that belongs to a transfer of this sender; false for any other MAD.
     */
    public boolean offer(HostMad mad) {
        byte[] b = mad.mad().toBytes();
        if (!RmppHeader.isControl(b)) {
            return false;
        }
        int type = RmppHeader.type(b);
        Transfer t = transfers.get(TransferKey.of(mad));
        if (t == null) {
            return false;
        }
        try {
            thread.execute(
                    () -> t.control(type, RmppHeader.status(b), RmppHeader.segmentNumber(b), RmppHeader.data2(b)));
        } catch (RejectedExecutionException closing) {
            // The owner is shutting down: the transfer ends with it.
        }
        return true;
    }

    /** Transfers that ended without the receiver acknowledging every segment. */
    public long aborted() {
        return aborted.get();
    }

    /** Segments sent again because an ACK did not come or showed a gap. */
    public long resent() {
        return resent.get();
    }

    /** Thrown into a transfer's future when it ended without the last ACK. */
    public static final class RmppAbortedException extends RuntimeException {
        private final int status;

        RmppAbortedException(int status, String message) {
            super(message + " (RMPPStatus " + status + ")");
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private final class Transfer {
        final TransferKey key;
        final HostMad request;
        final List<byte[]> segments;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        long acked;
        long windowLast = 1;
        long sent;
        long highestSent;
        int resends;
        ScheduledFuture<?> timer;

        Transfer(TransferKey key, HostMad request, List<byte[]> segments) {
            this.key = key;
            this.request = request;
            this.segments = segments;
        }

        void sendWindow() {
            long last = Math.min(windowLast, segments.size());
            while (sent < last) {
                sent++;
                if (sent <= highestSent) {
                    resent.incrementAndGet();
                }
                highestSent = Math.max(highestSent, sent);
                port.send(request.reply(Mad.copyOf(segments.get((int) sent - 1))));
            }
            arm();
        }

        void arm() {
            if (timer != null) {
                timer.cancel(false);
            }
            timer = thread.schedule(this::timedOut, segmentTimeout.toNanos(), TimeUnit.NANOSECONDS);
        }

        void timedOut() {
            if (done.isDone()) {
                return;
            }
            if (++resends > retries) {
                abort(RmppHeader.STATUS_TOO_MANY_RETRIES, "no ACK after " + retries + " resends");
                return;
            }
            sent = acked;
            sendWindow();
        }

        void control(int type, int status, long segment, long newWindowLast) {
            if (done.isDone()) {
                return;
            }
            if (type != RmppHeader.TYPE_ACK) {
                fail(status, "the receiver sent " + (type == RmppHeader.TYPE_STOP ? "STOP" : "ABORT"));
                return;
            }
            if (segment > segments.size()) {
                abort(RmppHeader.STATUS_SEGMENT_TOO_BIG, "ACK of segment " + segment + " of " + segments.size());
                return;
            }
            if (newWindowLast < segment) {
                abort(RmppHeader.STATUS_WINDOW_TOO_SMALL, "NewWindowLast " + newWindowLast + " < " + segment);
                return;
            }
            if (segment < acked) {
                return; // an old ACK overtaken by a newer one
            }
            boolean grown = newWindowLast > windowLast;
            windowLast = Math.max(windowLast, newWindowLast);
            if (segment == acked) {
                if (grown) {
                    sendWindow();
                }
                return; // a repeated ACK: the receiver re-acknowledges duplicates; the timer covers the rest
            }
            acked = segment;
            resends = 0;
            if (acked == segments.size()) {
                finish();
                done.complete(null);
                return;
            }
            if (sent > acked) {
                sent = acked; // the receiver lacks the segment after this one: resend from there
            }
            sendWindow();
        }

        void abort(int status, String why) {
            port.send(request.reply(Mad.copyOf(RmppControl.of(segments.get(0), RmppHeader.TYPE_ABORT, status, 0, 0))));
            fail(status, why);
        }

        void fail(int status, String why) {
            finish();
            aborted.incrementAndGet();
            done.completeExceptionally(new RmppAbortedException(status, why));
        }

        void finish() {
            if (timer != null) {
                timer.cancel(false);
            }
            transfers.remove(key, this);
        }
    }
}
