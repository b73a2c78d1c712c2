package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.time.ExecutorScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A {@link MadPort} on a {@link Wire} outside this JVM's fabric (the ibsim protocol, libibumad): the MadPort contract
 * once, whatever carries the MADs.
 *
 * <p>Threading: the port's own thread (a single-threaded executor) keeps all state, runs the timeouts, completes
 * futures and listeners, and calls the wire's {@link Wire#transmit}; the wire's reader hands arrivals over with
 * {@link #received} and {@link #gaveBack} from any thread.
 */
final class WireMadPort implements MadPort {
    private static final Duration LID_TIMEOUT = Duration.ofSeconds(2);

    /** What moves the MADs of a {@link WireMadPort}. */
    interface Wire {
        /** Names the wire in thread names and messages. */
        String name();

        /** The first TransactionID to hand out (with whatever the transport stamps into its high bits). */
        long firstTid();

        /** The bits of a TransactionID the transport leaves alone, on which responses are matched. */
        long tidMatchMask();

        /** What of {@code mad}'s addressing this wire cannot carry, if anything. */
        Optional<String> uncarried(HostMad mad);

        /** Sends {@code mad}; a request waits {@code timeout} for its response. On the port's thread. */
        void transmit(HostMad mad, Duration timeout) throws IOException;

        /** Host software wants the requests of these classes (traps, SA queries) too, not only responses. */
        void requests(Set<Integer> mgmtClasses);

        /** Sets or clears PortInfo.CapabilityMask.IsSM of the port. */
        CompletableFuture<Void> announceSm(boolean present);

        /** Lets go of the transport; the reader stops. On the port's thread. */
        void close();
    }

    private final Wire wire;
    private final PortThread thread;
    private final MadDispatch dispatch;
    private final AtomicLong nextTid;
    private MadPortIdentity identity;
    private boolean closed;

    WireMadPort(Wire wire) {
        this.wire = wire;
        this.thread = new PortThread(wire.name());
        this.dispatch = new MadDispatch(new ExecutorScheduler(thread.executor()), tid -> tid & wire.tidMatchMask());
        this.nextTid = new AtomicLong(wire.firstTid());
    }

    /**
     * Asks the node itself (a directed-route NodeInfo with no hops) which port this is, which also proves that MADs
     * go out and come back; the port is then called {@code nodeName}.
     *
     * @throws MadSendException when the NodeInfo went unanswered within {@code timeout} (the port is closed then)
     */
    WireMadPort identify(String nodeName, Duration timeout) {
        try {
            HostMad answer = request(ownAttribute(NodeInfo.ATTRIBUTE_ID, 0), timeout)
                    .get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
            NodeInfo info = NodeInfo.decode(DrSmp.decode(answer.mad()).data(), 0);
            identity = new MadPortIdentity(nodeName, info.nodeGuid(), info.portGuid(), info.localPortNum());
            return this;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new MadSendException(wire.name() + ": interrupted while asking the port who it is");
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            close();
            Throwable why = e instanceof ExecutionException ? e.getCause() : e;
            throw new MadSendException(
                    wire.name() + ": the port's own NodeInfo SMP went unanswered: " + why.getMessage());
        }
    }

    /** A SubnGet of the port's own node: a directed route with no hops. */
    private HostMad ownAttribute(int attributeId, int modifier) {
        return HostMad.smp(
                DrSmp.PERMISSIVE_LID,
                DrSmp.outbound(Method.GET, newTransactionId(), attributeId, modifier, 0, new byte[0])
                        .encode());
    }

    /** A MAD for host software arrived (from the wire's reader). */
    void received(HostMad mad) {
        execute(() -> {
            if (!closed) {
                dispatch.arrived(mad);
            }
        });
    }

    /** The request with TID {@code tid} came back undelivered (from the wire's reader). */
    void gaveBack(long tid, String why) {
        execute(() -> {
            if (!closed) {
                dispatch.undelivered(tid, why);
            }
        });
    }

    @Override
    public MadPortIdentity identity() {
        return identity;
    }

    /** The port's LID as its own PortInfo says (a directed-route SubnGet with no hops). */
    @Override
    public CompletableFuture<Integer> lid() {
        return request(ownAttribute(PortInfo.ATTRIBUTE_ID, identity.portNumber()), LID_TIMEOUT)
                .thenApply(answer ->
                        PortInfo.decode(DrSmp.decode(answer.mad()).data(), 0).lid());
    }

    @Override
    public CompletableFuture<Void> announceSm(boolean present) {
        return wire.announceSm(present);
    }

    @Override
    public long newTransactionId() {
        return nextTid.getAndIncrement();
    }

    @Override
    public CompletableFuture<HostMad> request(HostMad request, Duration timeout) {
        CompletableFuture<HostMad> response = new CompletableFuture<>();
        long tid = request.mad().header().transactionId();
        onThread(response, () -> {
            Optional<String> lost = wire.uncarried(request);
            if (lost.isPresent()) {
                response.completeExceptionally(new MadNotCarriedException(lost.get()));
            } else if (dispatch.expect(tid, timeout, response)) {
                try {
                    transmit(request, timeout);
                } catch (IOException e) {
                    dispatch.abandon(tid, cannotSend(request, e));
                }
            }
        });
        return response;
    }

    @Override
    public CompletableFuture<Void> send(HostMad mad) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        onThread(sent, () -> {
            Optional<String> lost = wire.uncarried(mad);
            if (lost.isPresent()) {
                sent.completeExceptionally(new MadNotCarriedException(lost.get()));
                return;
            }
            try {
                transmit(mad, Duration.ZERO);
                sent.complete(null);
            } catch (IOException e) {
                sent.completeExceptionally(cannotSend(mad, e));
            }
        });
        return sent;
    }

    @Override
    public Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener) {
        wire.requests(mgmtClasses);
        return dispatch.subscribe(this::execute, mgmtClasses, listener);
    }

    @Override
    public Subscription watch(MadWatcher watcher) {
        return dispatch.watch(this::execute, watcher);
    }

    /** Fails what waits, lets go of the wire, and returns once that is done (unless called on the port's thread). */
    @Override
    public void close() {
        thread.shutdownAfter(() -> {
            if (closed) {
                return;
            }
            closed = true;
            dispatch.close(this + " was closed");
            wire.close();
        });
    }

    @Override
    public String toString() {
        return wire.name();
    }

    /** Runs {@code task} on the port's thread unless the port is closed; then {@code result} fails. */
    private void onThread(CompletableFuture<?> result, Runnable task) {
        thread.run(result, () -> closed ? Optional.of(isClosed()) : Optional.empty(), this::isClosed, task);
    }

    private MadSendException isClosed() {
        return new MadSendException(this + " is closed");
    }

    /** False when the port's thread is gone (the port was closed): the task will never run. */
    private boolean execute(Runnable task) {
        return thread.execute(task);
    }

    private void transmit(HostMad mad, Duration timeout) throws IOException {
        wire.transmit(mad, timeout);
        dispatch.sent(mad);
    }

    private MadSendException cannotSend(HostMad mad, IOException e) {
        return new MadSendException(this + " could not send " + mad.mad() + ": " + e.getMessage());
    }
}
