package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.time.Scheduler;
import io.grpc.Status;

/**
 * The dialling end of one virtual link: opens a stream to the peer device's port ({@link LinkOpener}) and, when the
 * stream ends for any reason other than {@link #stop()}, dials again after a backoff that doubles from 50 ms to 2 s
 * (and starts over once a stream carried a message). The link thus comes back by itself when the peer returns.
 *
 * <p>Threading: created, started and stopped on the device's event loop, where the opener's streams call back.
 */
public final class LinkDialer {
    static final long INITIAL_BACKOFF_NANOS = 50_000_000L;
    static final long MAX_BACKOFF_NANOS = 2_000_000_000L;

    private final LinkOpener opener;
    private final LinkHandler port;
    private final Scheduler scheduler;
    private long backoffNanos = INITIAL_BACKOFF_NANOS;
    private boolean stopped = true;
    private DialedLink current;
    private Scheduler.Cancellable pendingRedial;

    public LinkDialer(LinkOpener opener, LinkHandler port, Scheduler scheduler) {
        this.opener = opener;
        this.port = port;
        this.scheduler = scheduler;
    }

    public void start() {
        if (stopped) {
            stopped = false;
            dial();
        }
    }

    /**
     * Dials at once, with the backoff started over, when no stream is up or being opened: the peer or the local port
     * has just come back (a cable put back), so the link need not wait out a backoff grown while it was away.
     */
    public void redialNow() {
        if (stopped || current != null) {
            return;
        }
        if (pendingRedial != null) {
            pendingRedial.cancel();
            pendingRedial = null;
        }
        backoffNanos = INITIAL_BACKOFF_NANOS;
        dial();
    }

    /** Closes the link (if up) and dials no more. */
    public void stop() {
        stopped = true;
        if (pendingRedial != null) {
            pendingRedial.cancel();
            pendingRedial = null;
        }
        if (current != null) {
            current.close();
            current = null;
        }
    }

    private void dial() {
        pendingRedial = null;
        Watch watch = new Watch();
        watch.connection = opener.open(watch);
        current = watch.connection;
        if (!accepted(current)) {
            current.abandon();
            current = null;
            redialLater();
        }
    }

    /** Whether the port takes the new stream; a port that fails taking it refuses it (and is dialled again). */
    private boolean accepted(DialedLink connection) {
        try {
            return port.onConnected(connection);
        } catch (RuntimeException e) {
            FaultLog.shared().caught("VirtualLink.onConnected", e);
            return false;
        }
    }

    private void redialLater() {
        if (stopped || pendingRedial != null) {
            return;
        }
        long delay = backoffNanos;
        backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
        pendingRedial = scheduler.schedule(delay, this::dial);
    }

    /** Sits between the stream and the port to learn when a stream ends, so the dialer can dial again. */
    private final class Watch implements StreamListener {
        DialedLink connection;

        @Override
        public void onMessage(LinkMessage message) {
            onMessage(message, 0);
        }

        @Override
        public void onMessage(LinkMessage message, long sealed) {
            backoffNanos = INITIAL_BACKOFF_NANOS;
            port.onMessage(message, sealed);
        }

        @Override
        public void onReady() {
            port.onReady();
        }

        @Override
        public void onLateMessage(LinkMessage message) {
            port.onLateMessage(message);
        }

        @Override
        public void onDisconnected(Status cause) {
            if (current == connection) {
                current = null;
            }
            port.onDisconnected(cause);
            redialLater();
        }
    }
}
