package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import io.grpc.Status;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One end of a {@link LocalLinks} link. What the other end does (a message, the end of the link, room to send again)
 * becomes an event in this end's inbox, and the inbox runs on this end's event loop in one task for up to {@link
 * #EVENTS_PER_TURN} events, so the listener sees them in order and a burst costs one hand-over between threads, not
 * one each, while the loop's other work (tasks, timers, sockets) still gets its turn ({@link LoopContinuation}).
 * Like a {@link StreamConnection}, it lets {@link StreamConnection#WINDOW} messages be on their way unhandled, tells
 * its listener of the end exactly once, and keeps a listener's exception from reaching the link.
 *
 * <p>Threading: {@link #send}, {@link #isReady}, {@link #close} and {@link #abandon} on this end's loop; the window
 * and the inbox are shared with the other end's loop.
 */
final class LocalLinkEnd implements DialedLink {
    /** Events one turn of the inbox runs at most before it lets the loop's other tasks run. */
    static final int EVENTS_PER_TURN = 512;

    private final Executor loop;
    private final String peer;
    private final Queue<Runnable> inbox = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** Messages this end may still send before the other end has handled those already sent. */
    private final AtomicInteger window = new AtomicInteger(StreamConnection.WINDOW);

    private LocalLinkEnd other;
    /** Null while no port takes this end: the accepting end before its port took it, or after it refused it. */
    private ListenerBoundary listener;

    private boolean ended;

    LocalLinkEnd(Executor loop, String peer) {
        this.loop = loop;
        this.peer = peer;
    }

    static void join(LocalLinkEnd a, LocalLinkEnd b) {
        a.other = b;
        b.other = a;
    }

    void listen(StreamListener listener) {
        this.listener = new ListenerBoundary(listener);
    }

    @Override
    public boolean isReady() {
        return !ended && window.get() > 0;
    }

    @Override
    public void send(LinkMessage message) {
        send(message, 0);
    }

    @Override
    public void send(LinkMessage message, long sealed) {
        if (!ended) {
            window.decrementAndGet();
            LocalLinkEnd to = other;
            to.post(() -> to.delivered(message, sealed));
        }
    }

    @Override
    public void close() {
        if (!ended) {
            abandon();
            disconnected(Status.OK.withDescription("closed by this end"));
        }
    }

    @Override
    public void abandon() {
        if (!ended) {
            refuse(Status.OK.withDescription("peer " + other.peer + " closed the link"));
        }
    }

    @Override
    public String peer() {
        return peer;
    }

    /** On this end's loop: the accepting end offers itself to the port the dial named. */
    void acceptAt(PortDirectory ports, int port) {
        LinkHandler handler = ports.port(port);
        // Set before the offer: a port that ends the link while it takes it hears of the end, as from a stream.
        listener = handler == null ? null : new ListenerBoundary(handler);
        Status refused = LinkRefusal.offer(handler, port, this);
        if (refused != null) {
            listener = null; // a port that refused the link hears nothing more of it
            refuse(refused);
        }
    }

    /** This end will not carry the link (any more): the other end's listener learns why. */
    void refuse(Status status) {
        ended = true;
        LocalLinkEnd to = other;
        to.post(() -> to.ended(status));
    }

    /** Runs {@code event} on this end's loop, after the events already in the inbox. Any thread. */
    void post(Runnable event) {
        inbox.add(event);
        if (scheduled.compareAndSet(false, true)) {
            loop.execute(this::runInbox);
        }
    }

    private void runInbox() {
        boolean drained = false;
        try {
            int budget = EVENTS_PER_TURN;
            do {
                Runnable event;
                while ((event = inbox.poll()) != null) {
                    event.run();
                    if (--budget == 0) {
                        // Still scheduled: the rest waits for what else the loop has to do (timers, sockets, other
                        // ports, an application's turn), which a peer that never stops sending would otherwise starve.
                        LoopContinuation.later(loop, this::runInbox);
                        drained = true;
                        return;
                    }
                }
                scheduled.set(false);
            } while (!inbox.isEmpty() && scheduled.compareAndSet(false, true));
            drained = true;
        } finally {
            if (!drained) {
                // An Error escaped an event (the events catch RuntimeExceptions): the events behind it still run.
                scheduled.set(false);
                if (!inbox.isEmpty() && scheduled.compareAndSet(false, true)) {
                    loop.execute(this::runInbox);
                }
            }
        }
    }

    private void delivered(LinkMessage message, long sealed) {
        if (listener != null) { // null: the link was refused here, and the message reaches no port
            listener.message(message, sealed, ended);
        }
        LocalLinkEnd sender = other;
        if (sender.window.getAndIncrement() == 0) {
            sender.post(sender::ready);
        }
    }

    private void ready() {
        if (!ended && listener != null) {
            listener.ready();
        }
    }

    /** The other end ended the link. */
    private void ended(Status cause) {
        if (!ended) {
            ended = true;
            disconnected(cause);
        }
    }

    private void disconnected(Status cause) {
        if (listener != null) {
            listener.disconnected(cause);
        }
    }
}
