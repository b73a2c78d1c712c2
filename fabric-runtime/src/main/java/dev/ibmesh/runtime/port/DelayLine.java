package dev.ibmesh.runtime.port;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import java.util.ArrayDeque;

/**
 * A long cable: link messages leave a port as they are sent and arrive {@code delay} later, in the order sent. A
 * message sent with no delay while others are still on the way queues behind them (the light does not overtake).
 * One timer, for the oldest message. Owned by one port and called from its event loop only.
 */
final class DelayLine {
    private record InFlight(long due, LinkConnection link, LinkMessage message, long sealed) {}

    private final Scheduler scheduler;
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    private Scheduler.Cancellable timer;

    DelayLine(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Sends {@code message} on {@code link} after {@code delayNanos} ({@code sealed}: see {@link LinkConnection}). */
    void send(LinkConnection link, LinkMessage message, long sealed, long delayNanos) {
        if (delayNanos == 0 && inFlight.isEmpty()) {
            link.send(message, sealed);
            return;
        }
        inFlight.add(new InFlight(scheduler.nanoTime() + delayNanos, link, message, sealed));
        if (timer == null) {
            arm();
        }
    }

    /** Whether messages are still on the way. */
    boolean busy() {
        return !inFlight.isEmpty();
    }

    /** The link went down: what was on the cable is lost. */
    void clear() {
        inFlight.clear();
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    private void arm() {
        timer = scheduler.schedule(Math.max(1, inFlight.peek().due() - scheduler.nanoTime()), this::arrive);
    }

    private void arrive() {
        timer = null;
        long now = scheduler.nanoTime();
        while (!inFlight.isEmpty() && inFlight.peek().due() <= now) {
            InFlight m = inFlight.poll();
            m.link().send(m.message(), m.sealed());
        }
        if (!inFlight.isEmpty()) {
            arm();
        }
    }
}
