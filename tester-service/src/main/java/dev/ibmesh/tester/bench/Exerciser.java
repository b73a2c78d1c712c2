package dev.ibmesh.tester.bench;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Raw frames on the tester's own port, as a hardware exerciser (IBTrainer) offers them: any frame, well formed or
 * not, through the port's queues and credits or straight onto the link; received data packets captured with their
 * times. Only an embedded tester has one: a MAD-only backend cannot put raw frames on a link.
 *
 * <p>Threading: any thread but another device's event loop; the futures complete on the tester device's event loop.
 * A change of the exerciser's settings ({@link #ignoreCredits}, {@link #capture}, {@link #hold}) waits for that loop
 * and is in effect when the call returns, so a packet the caller makes the DUT send afterwards meets it.
 */
public interface Exerciser {
    /** The tester port's number on the tester node. */
    int portNumber();

    /** The tester port's LID (0 before one was assigned). */
    CompletableFuture<Integer> lid();

    /**
     * Queues a data packet (LRH through VCRC) for transmission: VL arbitration, the port state's rules and, unless
     * {@link #ignoreCredits} is on, the peer's credits decide when it leaves. Completes with the time it left (the
     * trace's clock); fails when the port refused it.
     */
    CompletableFuture<Long> transmit(byte[] frame);

    /**
     * Puts one frame on the link at once: no queue, credits, state or VL rules, no counters; {@code link} marks a
     * link (flow-control) packet, {@code endBad} ends it with EBP. Completes with the time it left.
     */
    CompletableFuture<Long> inject(byte[] frame, boolean link, boolean endBad);

    /** Sends data packets whatever the peer's credits say (or obeys them again). */
    void ignoreCredits(boolean ignore);

    /**
     * Data packets that arrive for a QP other than 0 and 1 go to {@code sink} (on the device's event loop) instead
     * of the tester's own transport; {@code null} gives them back to it.
     */
    void capture(Consumer<CapturedFrame> sink);

    /**
     * While on, captured packets keep their receive buffer, as a receiver that does not drain: the port's
     * flow-control packets advertise less and less credit until the DUT must stop sending. Off frees every buffer
     * held, so the credit goes back to the DUT.
     */
    void hold(boolean hold);

    /**
     * Completes the next time the tester port's link trains (LinkUp), never at once: what a procedure that takes the
     * link down waits on before it goes on. Ask for it before taking the link down.
     */
    CompletableFuture<Void> nextLinkUp();

    /**
     * Completes after {@code nanos} on the tester device's clock (its scheduler, whose timers have millisecond
     * resolution): what spaces packets out without sleeping on the caller's thread.
     */
    CompletableFuture<Void> after(long nanos);
}
