package dev.ibmesh.runtime.madport;

import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.HostSoftwarePort;
import dev.ibmesh.runtime.agent.MadAgents;
import java.time.Duration;
import java.util.List;
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
 * the TransactionID counter. {@link #subscribe}, {@link #watch} and their subscriptions' {@code close} wait for the
 * loop to make the change ({@link dev.ibmesh.runtime.device.Device#runAndWait}): not to be called from another
 * device's loop.
 */
public final class AgentMadPort implements MadPort {
    /** The agent sees every class: the device's SMA and PMA take what is theirs before host software. */
    private static final List<Integer> EVERY_CLASS =
            IntStream.range(0, 256).boxed().toList();

    private final HostSoftwarePort port;
    private final MadPortIdentity identity;
    private final AtomicLong nextTid;
    private final MadDispatch dispatch;
    private MadAgents.Agent agent;
    private boolean closed;

    private AgentMadPort(HostSoftwarePort port) {
        this.port = port;
        this.identity = new MadPortIdentity(port.nodeName(), port.nodeGuid(), port.portGuid(), port.portNumber());
        this.dispatch = new MadDispatch(port.device().scheduler(), tid -> tid);
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
            if (dispatch.expect(tid, timeout, response) && !transmit(request)) {
                dispatch.abandon(tid, cannotSend(request));
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

    /**
     * In effect when it returns: a MAD the caller makes the peer send next reaches the listener (unless a waiting
     * request takes it).
     */
    @Override
    public Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener) {
        return dispatch.subscribe(port.device()::runAndWait, mgmtClasses, listener);
    }

    /** In effect when it returns. */
    @Override
    public Subscription watch(MadWatcher watcher) {
        return dispatch.watch(port.device()::runAndWait, watcher);
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
            dispatch.close(identity + " was closed");
        });
    }

    private boolean transmit(HostMad mad) {
        boolean left = port.transmit(agent, mad);
        if (left) {
            dispatch.sent(mad);
        }
        return left;
    }

    private void arrived(HostMad mad) {
        if (!closed) {
            dispatch.arrived(mad);
        }
    }

    private MadSendException cannotSend(HostMad mad) {
        return new MadSendException(identity + " could not send " + mad.mad()
                + (closed ? ": the port is closed" : ": no route, the port is down, or its queue is full"));
    }
}
