package dev.ibmesh.runtime.umad;

import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.time.ContextCalls;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.time.VertxScheduler;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.datagram.DatagramPacket;
import io.vertx.core.datagram.DatagramSocket;
import io.vertx.core.datagram.DatagramSocketOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The umad endpoint: a server of ibsim's UDP client protocol, the one {@code libumad2sim.so} speaks when
 * {@code IBSIM_SERVER_NAME} and {@code IBSIM_SERVER_PORT} are set, so that any libibumad program started under
 * {@code ibsim-run} (OpenSM, infiniband-diags) is attached to a {@link UmadPort} of an ibmesh device.
 *
 * <p><b>Sockets</b> (ibsim {@code ibsim.c sim_init_conn}, umad2sim {@code sim_client.c sim_init}). The control
 * socket listens on {@code port} (7070 by default). Client slot {@code i} has its own data socket on
 * {@code port + 1 + i}. A client binds two sockets: its control socket sends {@link SimCtl} requests to
 * {@code port} and reads each reply from there; its data socket (an ephemeral port, announced as the id of CONNECT)
 * exchanges {@link SimRequest}s with {@code port + 1 + clientId}. The server answers from the socket the request came
 * to, sends data to the control sender's host at the announced port, and takes data on slot {@code i} only from that
 * address.
 *
 * <p><b>A session</b> opens with CONNECT ({@link ControlHandler}: SIM_HOST resolved by the {@link UmadDirectory}) and
 * closes with DISCONNECT, which umad2sim sends when its program exits normally. A client that vanishes without it
 * (killed) is detected three ways, since UDP gives no close and Vert.x's unconnected sockets never see the ICMP port
 * unreachable that ibsim's connected ones turn into ECONNREFUSED:
 * <ol>
 *   <li>a new CONNECT from the same control address or announcing the same data address: the old socket must be
 *       closed for a new one to hold that port, so the old session is closed ({@link UmadCounter#SESSIONS_REPLACED});</li>
 *   <li>a CONNECT finding every slot taken closes the session silent longest, if silent for at least
 *       {@link UmadServerOptions#reclaimAfter()} ({@link UmadCounter#SESSIONS_RECLAIMED});</li>
 *   <li>a session silent (no control or data datagram) for {@link UmadServerOptions#idleTimeout()} is closed
 *       ({@link UmadCounter#SESSIONS_IDLE}); OpenSM sweeps every 10 s by default, diags are short-lived.</li>
 * </ol>
 * Closing a session clears IsSM on its port if it held the SM role, and detaches the port's sink when nobody is left.
 *
 * <p><b>Time</b> (silence, the idle sweep) comes from the {@link Scheduler} the server makes on its context: real
 * time by default, a hand-driven clock in tests.
 *
 * <p><b>Threading</b>: a verticle; all state (the session table, the sockets) lives on its context. Port futures and
 * sink calls may come from any thread and hop to the context. {@link #counters()} may be read from any thread.
 * Undeploying closes every session and socket (clients get no notice: the protocol has none).
 */
public final class UmadServer extends VerticleBase {
    private final UmadServerOptions options;
    private final UmadDirectory directory;
    private final Function<Context, Scheduler> clock;
    private final UmadCounters counters = new UmadCounters();
    private final List<DatagramSocket> dataSockets = new ArrayList<>();
    private DatagramSocket controlSocket;
    private UmadSessions sessions;
    private ControlHandler control;
    private MadRelay relay;
    private Scheduler scheduler;
    private Scheduler.Cancellable sweepTimer;
    private boolean running;

    public UmadServer(UmadServerOptions options, UmadDirectory directory) {
        this(options, directory, VertxScheduler::new);
    }

    /** A server whose clock and timers {@code clock} makes on the server's context when it starts. */
    public UmadServer(UmadServerOptions options, UmadDirectory directory, Function<Context, Scheduler> clock) {
        this.options = Objects.requireNonNull(options, "options");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public UmadServerOptions options() {
        return options;
    }

    /** Messages, errors and sessions, for metrics; readable from any thread. */
    public UmadCounters counters() {
        return counters;
    }

    /** The clients attached now, by slot; empty before the server started. Callable from any thread. */
    public Future<List<UmadClient>> clients() {
        if (context == null) {
            return Future.succeededFuture(List.of());
        }
        return ContextCalls.call(context, () -> {
            List<UmadClient> list = new ArrayList<>();
            if (sessions != null) {
                long now = scheduler.nanoTime();
                for (UmadSession s : sessions.all()) {
                    list.add(new UmadClient(
                            s.clientId,
                            s.port.nodeName(),
                            s.port.portNumber(),
                            s.controlAddress.hostAddress() + ":" + s.controlAddress.port(),
                            s.dataHost + ":" + s.dataPort,
                            s.isSm,
                            (now - s.lastHeardNanos) / 1_000_000));
                }
            }
            return List.copyOf(list);
        });
    }

    @Override
    public Future<?> start() {
        scheduler = clock.apply(context);
        sessions = new UmadSessions(options.maxClients(), counters, this::sinkFor);
        control = new ControlHandler(sessions, directory, counters, scheduler::nanoTime, options.reclaimAfter());
        relay = new MadRelay(
                sessions, counters, scheduler, options.responseTimeout(), this::writeData, this::onContext);
        DatagramSocketOptions socketOptions = new DatagramSocketOptions();
        controlSocket = vertx.createDatagramSocket(socketOptions);
        controlSocket.handler(this::onControl);
        List<Future<DatagramSocket>> bound = new ArrayList<>();
        bound.add(controlSocket.listen(options.port(), options.host()));
        for (int i = 0; i < options.maxClients(); i++) {
            int clientId = i;
            DatagramSocket socket = vertx.createDatagramSocket(socketOptions);
            socket.handler(p -> onData(clientId, p));
            dataSockets.add(socket);
            bound.add(socket.listen(options.port() + 1 + i, options.host()));
        }
        return Future.join(bound)
                .onSuccess(
                        v -> { // join: on a failure, every bind has settled before closing
                            running = true;
                            if (!options.idleTimeout().isZero()) {
                                scheduleSweep();
                            }
                        })
                .recover(e -> closeSockets()
                        .transform(ignored -> Future.failedFuture(new IllegalStateException(
                                "cannot bind the umad endpoint on " + options.host() + " ports " + options.port() + ".."
                                        + (options.port() + options.maxClients()) + ": " + e.getMessage(),
                                e))));
    }

    @Override
    public Future<?> stop() {
        running = false;
        if (sweepTimer != null) {
            sweepTimer.cancel();
        }
        if (sessions != null) {
            sessions.closeAll(UmadCounter.SESSIONS_STOPPED);
        }
        if (relay != null) {
            relay.close();
        }
        return closeSockets();
    }

    private Future<Void> closeSockets() {
        List<Future<Void>> closing = new ArrayList<>();
        if (controlSocket != null) {
            closing.add(controlSocket.close());
        }
        for (DatagramSocket s : dataSockets) {
            closing.add(s.close());
        }
        dataSockets.clear();
        controlSocket = null;
        return Future.join(closing).mapEmpty();
    }

    private void onControl(DatagramPacket packet) {
        if (!running) {
            return;
        }
        Future<byte[]> reply;
        try {
            reply = control.handle(packet.data().getBytes(), packet.sender());
        } catch (RuntimeException e) {
            FaultLog.shared().caught("UmadServer.onControl", e);
            reply = Future.failedFuture(e);
        }
        reply.onComplete(ar -> onContext(() -> {
            byte[] bytes = ar.succeeded() ? ar.result() : internalError(packet);
            if (bytes != null && controlSocket != null) {
                controlSocket
                        .send(
                                Buffer.buffer(bytes),
                                packet.sender().port(),
                                packet.sender().hostAddress())
                        .onFailure(e -> counters.increment(UmadCounter.SEND_FAILURES));
            }
        }));
    }

    /** A bug here must not leave a client blocked on its read: it gets an ERROR reply when it can have one. */
    private byte[] internalError(DatagramPacket packet) {
        try {
            return control.error(SimCtl.decodeLenient(packet.data().getBytes()), SimReject.PORT_FAILED)
                    .result();
        } catch (SimProtocolException e) {
            return null;
        }
    }

    private void onData(int clientId, DatagramPacket packet) {
        if (!running) {
            return;
        }
        try {
            relay.fromClient(clientId, packet.data().getBytes(), packet.sender());
        } catch (RuntimeException e) {
            FaultLog.shared().caught("UmadServer.onData", e);
            counters.increment(UmadCounter.DATA_DROPPED);
        }
    }

    private void writeData(UmadSession s, byte[] datagram) {
        if (s.clientId < dataSockets.size()) {
            dataSockets
                    .get(s.clientId)
                    .send(Buffer.buffer(datagram), s.dataPort, s.dataHost)
                    .onFailure(e -> counters.increment(UmadCounter.SEND_FAILURES));
        }
    }

    private UmadSink sinkFor(UmadPort port) {
        return mad -> onContext(() -> {
            if (running) {
                relay.toClient(port, mad);
            }
        });
    }

    /** The idle sweep: a quarter of the idle timeout apart, between 100 ms and 10 s. */
    private void scheduleSweep() {
        long every = Math.max(100, Math.min(10_000, options.idleTimeout().toMillis() / 4));
        sweepTimer = scheduler.schedule(every * 1_000_000L, () -> {
            if (running) {
                closeSilent();
                scheduleSweep();
            }
        });
    }

    private void closeSilent() {
        long cutoff = scheduler.nanoTime() - options.idleTimeout().toNanos();
        for (UmadSession s : sessions.silentSince(cutoff)) {
            sessions.close(s, UmadCounter.SESSIONS_IDLE);
        }
    }

    private void onContext(Runnable task) {
        ContextCalls.execute(context, task);
    }
}
