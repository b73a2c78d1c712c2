package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort.Subscription;
import dev.ibmesh.runtime.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * The bookkeeping every {@link MadPort} backend shares: requests waiting for their response, the subscribers of
 * classes and the watchers. A backend moves MADs; this decides where an arriving one goes.
 *
 * <p>Threading: not thread-safe. Every method runs on the backend's own thread (the one its futures complete on),
 * except {@link #subscribe} and {@link #watch}, which may be called anywhere and hop to that thread.
 */
final class MadDispatch {
    private final Scheduler scheduler;
    private final LongUnaryOperator matchKey;
    private final Map<Long, Pending> pending = new HashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private final List<MadWatcher> watchers = new ArrayList<>();

    /**
     * @param scheduler the backend's timers
     * @param matchKey  the part of a TransactionID that finds a response's request (the whole TID, or the bits a
     *                  transport leaves alone when it stamps its own into the rest)
     */
    MadDispatch(Scheduler scheduler, LongUnaryOperator matchKey) {
        this.scheduler = scheduler;
        this.matchKey = matchKey;
    }

    /**
     * Registers {@code response} to complete with the response to the request with TID {@code tid}, or to fail
     * with {@link MadTimeoutException} after {@code timeout}.
     *
     * @return false (and {@code response} failed) when a request with that TID is already waiting
     */
    boolean expect(long tid, Duration timeout, CompletableFuture<HostMad> response) {
        long key = matchKey.applyAsLong(tid);
        if (pending.containsKey(key)) {
            response.completeExceptionally(new IllegalArgumentException(
                    String.format("TID 0x%016x is already waiting for its response", tid)));
            return false;
        }
        Scheduler.Cancellable timer = scheduler.schedule(timeout.toNanos(), () -> {
            if (pending.remove(key) != null) {
                response.completeExceptionally(new MadTimeoutException(tid, timeout));
            }
        });
        pending.put(key, new Pending(response, timer, tid, timeout));
        return true;
    }

    /** The request with TID {@code tid} could not be sent: it waits no more and fails with {@code why}. */
    void abandon(long tid, RuntimeException why) {
        Pending p = pending.remove(matchKey.applyAsLong(tid));
        if (p != null) {
            p.timer.cancel();
            p.response.completeExceptionally(why);
        }
    }

    /** The request with TID {@code tid} came back undelivered ({@code why}): it fails now as a timeout would. */
    void undelivered(long tid, String why) {
        Pending p = pending.get(matchKey.applyAsLong(tid));
        if (p != null) {
            abandon(tid, MadTimeoutException.undelivered(p.tid, p.timeout, why));
        }
    }

    /** A MAD left the port. */
    void sent(HostMad mad) {
        watchers.forEach(w -> w.sent(mad));
    }

    /**
     * A MAD arrived for host software: the response to a request still waiting (watchers and the requester see it
     * with the request's TID), or one that no request takes (a request, a trap, a later segment
     * of a multi-MAD response, a late response), which goes to the listeners of its class.
     */
    void arrived(HostMad mad) {
        MadHeader h = mad.mad().header();
        Pending p = h.isResponse() ? pending.remove(matchKey.applyAsLong(h.transactionId())) : null;
        // A transport that stamps bits of its own into the TID (ibsim its client id in bits 63..48, the kernel's MAD
        // layer its agent in 63..32) leaves them in the response the DUT echoed; they were the transport's doing, not
        // the DUT's, so watchers and the requester see the request's TID. A DUT that changed those bits cannot be told
        // apart through such a transport, as with libibmad.
        HostMad seen = p == null || h.transactionId() == p.tid ? mad : mad.withTransactionId(p.tid);
        watchers.forEach(w -> w.received(seen));
        if (p != null) {
            p.timer.cancel();
            p.response.complete(seen);
            return;
        }
        for (Listener l : List.copyOf(listeners)) {
            if (l.classes.contains(h.mgmtClass().code())) {
                l.sink.accept(mad);
            }
        }
    }

    /** Adds a listener on {@code thread}; the subscription removes it there. */
    Subscription subscribe(Consumer<Runnable> thread, Set<Integer> classes, Consumer<HostMad> listener) {
        Listener l = new Listener(Set.copyOf(classes), listener);
        thread.accept(() -> listeners.add(l));
        return () -> thread.accept(() -> listeners.remove(l));
    }

    /** Adds a watcher on {@code thread}; the subscription removes it there. */
    Subscription watch(Consumer<Runnable> thread, MadWatcher watcher) {
        thread.accept(() -> watchers.add(watcher));
        return () -> thread.accept(() -> watchers.remove(watcher));
    }

    /** Fails every waiting request with {@code why} and forgets listeners and watchers. */
    void close(String why) {
        pending.values().forEach(p -> {
            p.timer.cancel();
            p.response.completeExceptionally(new MadSendException(why));
        });
        pending.clear();
        listeners.clear();
        watchers.clear();
    }

    private record Pending(
            CompletableFuture<HostMad> response, Scheduler.Cancellable timer, long tid, Duration timeout) {}

    private record Listener(Set<Integer> classes, Consumer<HostMad> sink) {}
}
