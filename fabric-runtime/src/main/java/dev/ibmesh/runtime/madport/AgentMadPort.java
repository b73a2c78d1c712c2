package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.HostSoftwarePort;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * A {@link MadPort} on an emulated device's end port: host software registered on the port's {@link HostSoftwarePort}
 * (an HCA port's QP0/QP1, a switch's port 0), so its MADs leave and arrive as real packets through the device's
 * SMI and GSI. Timeouts run on the device's clock.
 *
 * <p>Threading: the public methods hop to the device's event loop; all state below is touched there only, except
 * the TransactionID counter.
 */
public final class AgentMadPort implements MadPort {
    /** The agent sees every class: the device's SMA and PMA take what is theirs before host software. */
    private static final List<Integer> EVERY_CLASS =
            IntStream.range(0, 256).boxed().toList();

    private final HostSoftwarePort port;
    private final MadPortIdentity identity;
    private final AtomicLong nextTid;
    private final Map<Long, Pending> pending = new HashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private final List<MadWatcher> watchers = new ArrayList<>();
    private MadAgents.Agent agent;
    private boolean closed;

    private AgentMadPort(HostSoftwarePort port) {
        this.port = port;
        this.identity = new MadPortIdentity(port.nodeName(), port.nodeGuid(), port.portGuid(), port.portNumber());
        // The high half tells this agent's requests from other host software's on the same port.
        this.nextTid = new AtomicLong((ThreadLocalRandom.current().nextLong() & 0x7FFF_FFFF_0000_0000L) | 1);
    }

    /** Registers host software on {@code port}; completes once it can send and receive. */
    public static CompletableFuture<MadPort> open(HostSoftwarePort port) {
        AgentMadPort madPort = new AgentMadPort(port);
        CompletableFuture<MadPort> opened = new CompletableFuture<>();
        port.device().loop().execute(() -> {
            try {
                madPort.agent = port.register(EVERY_CLASS, madPort::arrived);
                opened.complete(madPort);
            } catch (RuntimeException e) {
                opened.completeExceptionally(e);
            }
        });
        return opened;
    }

    @Override
    public MadPortIdentity identity() {
        return identity;
    }

    @Override
    public CompletableFuture<Integer> lid() {
        CompletableFuture<Integer> lid = new CompletableFuture<>();
        port.device().loop().execute(() -> lid.complete(port.lid()));
        return lid;
    }

    @Override
    public CompletableFuture<Void> announceSm(boolean present) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        port.device().loop().execute(() -> {
            port.smPresent(present);
            done.complete(null);
        });
        return done;
    }

    @Override
    public long newTransactionId() {
        return nextTid.getAndIncrement();
    }

    @Override
    public CompletableFuture<HostMad> request(HostMad request, Duration timeout) {
        CompletableFuture<HostMad> response = new CompletableFuture<>();
        long tid = request.mad().header().transactionId();
        port.device().loop().execute(() -> {
            if (closed) {
                response.completeExceptionally(new MadSendException(identity + " is closed"));
                return;
            }
            if (pending.containsKey(tid)) {
                response.completeExceptionally(new IllegalArgumentException(
                        String.format("TID 0x%016x is already waiting for its response", tid)));
                return;
            }
            Scheduler.Cancellable timer = port.device().scheduler().schedule(timeout.toNanos(), () -> {
                if (pending.remove(tid) != null) {
                    response.completeExceptionally(new MadTimeoutException(tid, timeout));
                }
            });
            pending.put(tid, new Pending(response, timer));
            if (!transmit(request)) {
                pending.remove(tid);
                timer.cancel();
                response.completeExceptionally(cannotSend(request));
            }
        });
        return response;
    }

    @Override
    public CompletableFuture<Void> send(HostMad mad) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        port.device().loop().execute(() -> {
            if (!closed && transmit(mad)) {
                sent.complete(null);
            } else {
                sent.completeExceptionally(cannotSend(mad));
            }
        });
        return sent;
    }

    @Override
    public Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener) {
        Listener l = new Listener(Set.copyOf(mgmtClasses), listener);
        port.device().loop().execute(() -> listeners.add(l));
        return () -> port.device().loop().execute(() -> listeners.remove(l));
    }

    @Override
    public Subscription watch(MadWatcher watcher) {
        port.device().loop().execute(() -> watchers.add(watcher));
        return () -> port.device().loop().execute(() -> watchers.remove(watcher));
    }

    @Override
    public void close() {
        port.device().loop().execute(() -> {
            if (closed) {
                return;
            }
            closed = true;
            if (agent != null) {
                agent.close();
            }
            pending.values().forEach(p -> {
                p.timer.cancel();
                p.response.completeExceptionally(new MadSendException(identity + " was closed"));
            });
            pending.clear();
            listeners.clear();
            watchers.clear();
        });
    }

    private boolean transmit(HostMad mad) {
        boolean left = port.transmit(agent, mad);
        if (left) {
            watchers.forEach(w -> w.sent(mad));
        }
        return left;
    }

    /**
     * A MAD for this agent: the response to a request still waiting, or one that no request takes (a request, a trap,
     * a later segment of a multi-MAD response, a late response), which goes to the listeners of its class.
     */
    private void arrived(HostMad mad) {
        if (closed) {
            return;
        }
        watchers.forEach(w -> w.received(mad));
        MadHeader h = mad.mad().header();
        if (h.isResponse()) {
            Pending p = pending.remove(h.transactionId());
            if (p != null) {
                p.timer.cancel();
                p.response.complete(mad);
                return;
            }
        }
        for (Listener l : List.copyOf(listeners)) {
            if (l.classes.contains(h.mgmtClass().code())) {
                l.sink.accept(mad);
            }
        }
    }

    private MadSendException cannotSend(HostMad mad) {
        return new MadSendException(identity + " could not send " + mad.mad()
                + (closed ? ": the port is closed" : ": no route, the port is down, or its queue is full"));
    }

    private record Pending(CompletableFuture<HostMad> response, Scheduler.Cancellable timer) {}

    private record Listener(Set<Integer> classes, Consumer<HostMad> sink) {}
}
