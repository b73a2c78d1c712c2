package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.time.ExecutorScheduler;
import dev.ibmesh.runtime.umad.SimClient;
import dev.ibmesh.runtime.umad.SimClientException;
import dev.ibmesh.runtime.umad.SimCtlType;
import dev.ibmesh.runtime.umad.SimIsSm;
import dev.ibmesh.runtime.umad.SimPort;
import dev.ibmesh.runtime.umad.SimRequest;
import dev.ibmesh.runtime.umad.SimServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A {@link MadPort} on a node of a running OpenFabrics simulator (ibsim), attached as libumad2sim attaches a program
 * ({@link SimClient}): ibmesh's tester and SM then drive foreign devices. It works the same against an ibmesh umad
 * endpoint.
 *
 * <p>What the protocol carries and what it does not:
 * <ul>
 *   <li>A data message has a DLID, QPs and the 256-byte MAD; no SL, P_Key index or Q_Key (they are SL 0, P_Key
 *       index 0 and, on QP1, the well-known Q_Key 0x80010000 of IBA 13.5.1). A MAD that asks for others fails with
 *       {@link MadNotCarriedException} instead of going out with the defaults. A directed-route SMP goes with DLID
 *       and SLID 0xFFFF (permissive), a LID-routed one with SLID 0, the port's own LID.</li>
 *   <li>ibsim stamps its client id into TransactionID bits 63..48 of every request (so that the response finds the
 *       client). {@link #newTransactionId} hands out TIDs that carry the id already, so nothing changes; a response
 *       to a TID made elsewhere is matched on bits 47..0.</li>
 *   <li>A request ibsim could not deliver comes back with status ETIMEDOUT; its request fails at once with
 *       {@link MadTimeoutException}, which is what libibumad reports for it.</li>
 * </ul>
 *
 * <p>Threading: the port's own thread (a single-threaded executor) keeps all state, runs the timeouts and completes
 * futures and listeners; the client's reader thread hands arrivals over to it.
 */
public final class IbsimMadPort implements MadPort {
    private static final long LOW_48 = 0x0000_FFFF_FFFF_FFFFL;
    private static final int GSI_Q_KEY = 0x8001_0000;
    private static final long CLOSE_MILLIS = 2_000;

    private final SimClient client;
    private final ScheduledExecutorService thread;
    private final MadDispatch dispatch;
    private final AtomicLong nextTid;
    private MadPortIdentity identity;
    private boolean closed;

    private IbsimMadPort(SimClient client) {
        this.client = client;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadName());
            t.setDaemon(true);
            return t;
        });
        this.dispatch = new MadDispatch(new ExecutorScheduler(thread), tid -> tid & LOW_48);
        long start = ThreadLocalRandom.current().nextLong() & 0x0000_7FFF_0000_0000L;
        this.nextTid = new AtomicLong(((long) client.clientId() << 48) | start | 1);
    }

    /**
     * Attaches at {@code server}'s node and asks the node itself (a directed-route NodeInfo with no hops) which port
     * the client sits on, which also proves that the data path works.
     *
     * @throws SimClientException when the simulator cannot be reached, refuses the node, or does not answer SMPs
     *                            within {@code timeout}
     */
    public static IbsimMadPort open(SimServerAddress server, Duration timeout) {
        SimClient client = SimClient.connect(server, false);
        IbsimMadPort port = new IbsimMadPort(client);
        client.receive(port::fromServer);
        try {
            HostMad answer = port.request(
                            HostMad.smp(
                                    DrSmp.PERMISSIVE_LID,
                                    DrSmp.outbound(
                                                    Method.GET,
                                                    port.newTransactionId(),
                                                    NodeInfo.ATTRIBUTE_ID,
                                                    0,
                                                    0,
                                                    new byte[0])
                                            .encode()),
                            timeout)
                    .get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
            NodeInfo self = NodeInfo.decode(DrSmp.decode(answer.mad()).data(), 0);
            port.identity =
                    new MadPortIdentity(client.nodeName(), self.nodeGuid(), self.portGuid(), self.localPortNum());
            return port;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            port.close();
            throw new SimClientException("interrupted while attaching at " + server, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            port.close();
            Throwable why = e instanceof ExecutionException ? e.getCause() : e;
            throw new SimClientException(
                    "attached at " + client.nodeName() + " of ibsim " + server + ", but its NodeInfo SMP went"
                            + " unanswered: " + why.getMessage(),
                    why);
        }
    }

    @Override
    public MadPortIdentity identity() {
        return identity;
    }

    /** The port's LID from the simulator (GET_PORT). */
    @Override
    public CompletableFuture<Integer> lid() {
        return CompletableFuture.supplyAsync(() -> SimPort.decode(client.control(SimCtlType.GET_PORT, new byte[0], 0))
                .lid());
    }

    /** SET_ISSM: the simulator sets or clears CapabilityMask.IsSM of the port. */
    @Override
    public CompletableFuture<Void> announceSm(boolean present) {
        return CompletableFuture.runAsync(
                () -> client.control(SimCtlType.SET_ISSM, new SimIsSm(present ? 1 : 0).encode(), SimIsSm.SIZE));
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
            Optional<String> lost = uncarried(request);
            if (lost.isPresent()) {
                response.completeExceptionally(new MadNotCarriedException(lost.get()));
            } else if (dispatch.expect(tid, timeout, response)) {
                try {
                    transmit(request);
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
            Optional<String> lost = uncarried(mad);
            if (lost.isPresent()) {
                sent.completeExceptionally(new MadNotCarriedException(lost.get()));
                return;
            }
            try {
                transmit(mad);
                sent.complete(null);
            } catch (IOException e) {
                sent.completeExceptionally(cannotSend(mad, e));
            }
        });
        return sent;
    }

    @Override
    public Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener) {
        return dispatch.subscribe(this::execute, mgmtClasses, listener);
    }

    @Override
    public Subscription watch(MadWatcher watcher) {
        return dispatch.watch(this::execute, watcher);
    }

    @Override
    public void close() {
        boolean closing = execute(() -> {
            if (closed) {
                return;
            }
            closed = true;
            dispatch.close(this + " was closed");
            client.close();
            thread.shutdown();
        });
        if (closing && !Thread.currentThread().getName().equals(threadName())) {
            try {
                thread.awaitTermination(CLOSE_MILLIS, TimeUnit.MILLISECONDS); // closed when this returns
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private String threadName() {
        return "ibsim-madport-" + client.nodeName();
    }

    @Override
    public String toString() {
        return client.toString();
    }

    /** Runs {@code task} on the port's thread unless the port is closed; then {@code result} fails. */
    private void onThread(CompletableFuture<?> result, Runnable task) {
        if (!execute(() -> {
            if (closed) {
                result.completeExceptionally(new MadSendException(this + " is closed"));
            } else {
                task.run();
            }
        })) {
            result.completeExceptionally(new MadSendException(this + " is closed"));
        }
    }

    /** False when the port's thread is gone (the port was closed): the task will never run. */
    private boolean execute(Runnable task) {
        try {
            thread.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** What of {@code mad}'s addressing the protocol cannot carry, if anything. */
    private static Optional<String> uncarried(HostMad mad) {
        List<String> lost = new ArrayList<>();
        if (mad.sl() != 0) {
            lost.add("SL " + mad.sl());
        }
        if (!mad.isSmp() && mad.qKey() != GSI_Q_KEY) {
            lost.add(String.format("Q_Key 0x%08x", mad.qKey()));
        }
        if (mad.pKeyIndex() != 0) {
            lost.add("P_Key index " + mad.pKeyIndex());
        }
        return lost.isEmpty()
                ? Optional.empty()
                : Optional.of("the ibsim protocol carries no SL, Q_Key or P_Key index: it cannot send a MAD with "
                        + String.join(", ", lost) + " (it sends SL 0, QP1's Q_Key 0x80010000, P_Key index 0)");
    }

    private void transmit(HostMad mad) throws IOException {
        boolean directed = mad.remoteLid() == DrSmp.PERMISSIVE_LID && mad.isSmp();
        client.send(new SimRequest(
                mad.remoteLid(),
                directed ? DrSmp.PERMISSIVE_LID : 0,
                mad.remoteQp(),
                mad.isSmp() ? 0 : 1,
                0,
                SimRequest.MAD_SIZE,
                mad.mad().toBytes()));
        dispatch.sent(mad);
    }

    /** A data message from the simulator, on the client's reader thread. */
    private void fromServer(SimRequest r) {
        Mad mad = Mad.copyOf(r.mad());
        execute(() -> {
            if (closed) {
                return;
            }
            if (r.status() != 0 && !mad.header().isResponse()) {
                dispatch.undelivered(
                        mad.header().transactionId(),
                        "ibsim gave the request back undelivered (status " + r.status()
                                + ", ETIMEDOUT), as it does when it has no answer for it");
                return;
            }
            int qp = r.sqp() & 0xFFFFFF;
            dispatch.arrived(new HostMad(r.slid(), 0, qp, qp == 0 ? 0 : GSI_Q_KEY, 0, mad));
        });
    }

    private MadSendException cannotSend(HostMad mad, IOException e) {
        return new MadSendException(this + " could not send " + mad.mad() + ": " + e.getMessage());
    }
}
