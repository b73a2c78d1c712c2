package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.observe.PortMetrics;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.port.PortEvents;
import dev.ibmesh.runtime.time.ContextCalls;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.time.VertxScheduler;
import dev.ibmesh.runtime.transport.GrpcLinkOpener;
import dev.ibmesh.runtime.transport.LinkDialer;
import dev.ibmesh.runtime.transport.LinkHandler;
import dev.ibmesh.runtime.transport.LinkMetadata;
import dev.ibmesh.runtime.transport.LinkOpener;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.LocalLinks;
import dev.ibmesh.runtime.transport.NetworkLoop;
import dev.ibmesh.runtime.transport.VirtualLinkService;
import dev.ibmesh.wire.Lrh;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A device of the fabric: a Vert.x verticle that owns its ports. Its gRPC server (VirtualLink streams and the
 * standard gRPC health service) and the channels it dials run every callback on the verticle's event loop, so all
 * of a device's state is touched by one thread and needs no locks (docs/design.md, "One owner per state").
 *
 * <p>This base device trains links, exchanges flow control and consumes what it receives. Switches, HCAs and
 * testers extend it and handle packets in {@link #onPacket}.
 *
 * <p>Threading: {@link #name()}, {@link #deviceConfig()}, {@link #call}, {@link #run}, {@link #runAndWait} and
 * {@link #loop()} may be called from any thread ({@link #runAndWait} not from another device's loop); everything
 * else (its ports, its state, what subclasses add) only on the device's event loop. Code elsewhere reaches the
 * device through {@link #call} or {@link #run}, which hop to that loop and give a {@link Future} of the outcome; a
 * thread that must wait for it (a test, a benchmark's main thread) waits on the future, never on the loop itself
 * (waiting there would stall the device).
 */
public class Device extends VerticleBase implements PortEvents {
    /** How long {@link #runAndWait} waits for the device's loop: far beyond any turn of a loop that is not stalled. */
    public static final Duration RUN_AND_WAIT_LIMIT = Duration.ofSeconds(10);

    protected final DeviceConfig config;
    private final LinkTransport transport;
    private final MeterRegistry registry;
    private final Port[] ports;
    /** The dialer of each port whose link this end dials, by port number. */
    private final Map<Integer, LinkDialer> dialers = new HashMap<>();

    private final List<ManagedChannel> channels = new ArrayList<>();
    /** The meters bound for this device (its ports', and those a kind of device adds), removed when it stops. */
    private final List<Meter> meters = new ArrayList<>();

    private Server server;
    /** Stops serving this device's ports to direct links in this JVM (null: not served). */
    private Runnable unserveLocalLinks;

    private HealthStatusManager health;
    private Executor loop;
    private Scheduler scheduler;
    private long delivered;
    private final Promise<Void> linksTrained = Promise.promise();
    private final PortWatchers watchers = new PortWatchers(this);

    public Device(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        this.config = config;
        this.transport = transport;
        this.registry = registry;
        int max = config.ports().stream().mapToInt(PortConfig::number).max().orElse(0);
        this.ports = new Port[max + 1];
    }

    public String name() {
        return config.name();
    }

    public DeviceConfig deviceConfig() {
        return config;
    }

    /** The port with this number, or null. */
    public Port port(int number) {
        return number >= 0 && number < ports.length ? ports[number] : null;
    }

    /**
     * The LID port {@code number} answers to, as its PortInfo.LID holds it: 0 before an SM assigns one, or for no such
     * port. A switch overrides it with its management port 0's LID: a switch is given one LID, through port 0's
     * PortInfo (IBA 14.2.5.6), and its other ports have none of their own. Event loop only.
     */
    public int lid(int number) {
        Port p = port(number);
        return p == null ? 0 : p.receivePolicy().lid();
    }

    /** The ports in number order. */
    public List<Port> ports() {
        List<Port> list = new ArrayList<>();
        for (Port p : ports) {
            if (p != null) {
                list.add(p);
            }
        }
        return Collections.unmodifiableList(list);
    }

    /** The number of ports {@link #ports()} holds, counted without building the list (SMP hops ask for it). */
    public int portCount() {
        int n = 0;
        for (Port p : ports) {
            if (p != null) {
                n++;
            }
        }
        return n;
    }

    /** Data packets this device consumed (the base device delivers every packet to itself). */
    public long delivered() {
        return delivered;
    }

    /**
     * The device's event loop as an executor (null before the device started), for code that hands it on: a port, a
     * gRPC server or channel, a task that reschedules itself. To run something there once, use {@link #call}.
     */
    public Executor loop() {
        return loop;
    }

    /**
     * Runs {@code task} on the device's event loop: at once when called there, otherwise as soon as the loop is free.
     * The future completes on the device's context with what the task returned, or fails with what it threw; it fails
     * with an {@link IllegalStateException} when the device has not started.
     */
    public <T> Future<T> call(Callable<T> task) {
        if (loop == null) {
            return Future.failedFuture(new IllegalStateException("device " + name() + " has not started"));
        }
        return ContextCalls.call(context, task);
    }

    /** As {@link #call}, for a task that returns nothing. */
    public Future<Void> run(Runnable task) {
        return call(() -> {
            task.run();
            return null;
        });
    }

    /**
     * As {@link #run}, and returns once the task has run (at once when called on the device's own context): for a
     * change that must be in effect before the caller's next step. Queued without waiting, it could come after a
     * frame that step makes a peer send: gRPC hands a link stream's messages to the loop in one task for as long as
     * they keep coming, so a message that arrives while that task runs is taken before a task queued earlier.
     *
     * <p>Blocks the calling thread: never call it from another device's loop (devices share event-loop threads, so
     * it could wait for itself). Waits {@link #RUN_AND_WAIT_LIMIT} at most, so a stalled loop is an error, not a hang.
     *
     * @throws IllegalStateException when the loop did not run the task in time
     * @throws CompletionException with what the task threw
     */
    public void runAndWait(Runnable task) {
        try {
            run(task)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(RUN_AND_WAIT_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "device " + name() + "'s event loop did not run a change within " + RUN_AND_WAIT_LIMIT.toSeconds()
                            + " s",
                    e);
        } catch (ExecutionException e) {
            throw new CompletionException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while device " + name() + "'s event loop made a change", e);
        }
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /**
     * Completes (on the device's context) once every cabled port of this device has trained to LinkUp: the device is
     * ready. It stays complete when a link goes down later.
     */
    public Future<Void> linksTrained() {
        return linksTrained.future();
    }

    /**
     * If this end dials the link of port {@code number} and that link is down, dials it at once rather than after the
     * backoff (see {@link LinkDialer#redialNow}): for a cable put back. Event loop only.
     */
    public void redialNow(int number) {
        LinkDialer dialer = dialers.get(number);
        if (dialer != null) {
            dialer.redialNow();
        }
    }

    /**
     * Tells {@code watcher} of every later change of a port's physical state or PortState, on the device's event
     * loop, after the change (it may read the port then). Any thread; running the answer stops it.
     */
    public Runnable watchPortStates(Consumer<Port> watcher) {
        return watchers.add(watcher);
    }

    @Override
    public Future<?> start() throws Exception {
        loop = task -> context.runOnContext(v -> task.run());
        scheduler = newScheduler();
        PortLog events = new PortLog(config, ports.length - 1, new LinkReadiness(config, watchers, linksTrained));
        for (PortConfig pc : config.ports()) {
            ports[pc.number()] = new Port(config.nodeGuid(), pc, events, loop, scheduler);
            meters.addAll(PortMetrics.bind(registry, config.name(), ports[pc.number()]));
        }
        health = new HealthStatusManager();
        List<BindableService> services = new ArrayList<>(
                List.of(new VirtualLinkService(config.name(), this::linkHandler), health.getHealthService()));
        services.addAll(services());
        // The device's gRPC links do their network I/O on its own event loop.
        NetworkLoop io = NetworkLoop.of(context);
        server = transport.startServer(config.listenAddress(), services, loop, io);
        LocalLinks local = transport.localLinks();
        if (local != null) {
            unserveLocalLinks = local.serve(config.listenAddress(), this::linkHandler, loop);
        }
        for (LinkPlan link : config.links()) {
            if (link.dials()) {
                LinkDialer dialer = new LinkDialer(opener(link, io), ports[link.localPort()], scheduler);
                dialers.put(link.localPort(), dialer);
                dialer.start();
            }
        }
        health.setStatus("", ServingStatus.SERVING);
        return Future.succeededFuture();
    }

    @Override
    public Future<?> stop() {
        if (health != null) {
            health.enterTerminalState();
        }
        if (unserveLocalLinks != null) {
            unserveLocalLinks.run();
            unserveLocalLinks = null;
        }
        dialers.values().forEach(LinkDialer::stop);
        for (Port p : ports) {
            if (p != null) {
                p.close();
            }
        }
        if (server != null) {
            server.shutdownNow();
        }
        channels.forEach(ManagedChannel::shutdownNow);
        // A device started again under the same name must not leave meters bound to these ports. Removed by
        // reference: searching the registry's meters for this device's tag made stopping a fabric quadratic.
        meters.forEach(registry::remove);
        meters.clear();
        return Future.succeededFuture();
    }

    /**
     * The gRPC services a kind of device offers next to its links (an HCA's verbs), served on its event loop from
     * the same address. Called once, in {@link #start}, after the ports exist.
     */
    protected List<BindableService> services() {
        return List.of();
    }

    /**
     * The device's clock and timers, made once in {@link #start}: real time, with timers on the device's context. A
     * test gives a device a hand-driven clock here (and moves it on the device's event loop).
     */
    protected Scheduler newScheduler() {
        return new VertxScheduler(context);
    }

    /** The meter registry the device's metrics go to. */
    protected MeterRegistry registry() {
        return registry;
    }

    /** Meters a kind of device bound to {@link #registry()} for as long as it runs: removed when it stops. */
    protected void boundMeters(List<Meter> bound) {
        meters.addAll(bound);
    }

    /**
     * How the link of {@code link.localPort()} reaches its peer: straight to a device of this JVM, or over gRPC with
     * its I/O on {@code io}.
     */
    private LinkOpener opener(LinkPlan link, NetworkLoop io) {
        String peer = link.peerDevice() + "/" + link.peerPort();
        if (transport.isLocal(link.peerAddress())) {
            String self = String.format("0x%016x/%d", config.nodeGuid(), link.localPort());
            return transport.localLinks().opener(link.peerAddress(), link.peerPort(), loop, self, peer);
        }
        ManagedChannel channel = transport.channel(link.peerAddress(), loop, io);
        channels.add(channel);
        return new GrpcLinkOpener(
                channel,
                LinkMetadata.of(config.nodeGuid(), link.localPort(), link.peerDevice(), link.peerPort()),
                peer);
    }

    /** The port a VirtualLink stream asks for; port 0 (a switch's management port) has no link. */
    private LinkHandler linkHandler(int number) {
        return number > 0 ? port(number) : null;
    }

    @Override
    public void onPacket(Port port, byte[] frame) {
        delivered++;
        port.release(Lrh.vl(frame, 0), frame.length);
    }

    @Override
    public void onStateChange(Port port) {}
}
