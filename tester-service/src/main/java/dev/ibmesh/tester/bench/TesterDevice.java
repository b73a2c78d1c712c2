package dev.ibmesh.tester.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.wire.Lrh;
import io.grpc.BindableService;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The tester as a device of the fabric (topology kind {@code tester}): an HCA - so its ports have QP0 and QP1, an
 * SMA that answers an SM, and host software on top, which is where the MAD Tester runs - whose ports are also
 * exercisers: every frame they send and receive goes to the run's {@link Trace}, raw frames can be sent with or
 * without credits, and received data packets can be taken away from the HCA's transport for the Transport Tester.
 *
 * <p>Threading: as every device, all state lives on its event loop; {@link #exerciser}'s methods hop there.
 */
public final class TesterDevice extends HcaDevice {
    private final Map<Integer, PortSide> sides = new java.util.HashMap<>();
    private final Function<TesterDevice, List<BindableService>> services;

    public TesterDevice(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        this(config, transport, registry, tester -> List.of());
    }

    /**
     * @param services more gRPC services for the device's server, made once it exists (the tester service, which
     *                 runs procedures on this device's ports)
     */
    public TesterDevice(
            DeviceConfig config,
            LinkTransport transport,
            MeterRegistry registry,
            Function<TesterDevice, List<BindableService>> services) {
        super(config, transport, registry);
        this.services = services;
    }

    @Override
    public Future<?> start() throws Exception {
        Future<?> started = super.start();
        for (Port p : ports()) {
            PortSide side = new PortSide(p);
            sides.put(p.number(), side);
            p.tap(side::tapped);
        }
        return started;
    }

    @Override
    protected List<BindableService> services() {
        List<BindableService> all = new ArrayList<>(super.services());
        all.addAll(services.apply(this));
        return all;
    }

    /** The exerciser of port {@code number}, recording into {@code trace} from now on. Any thread. */
    public Exerciser exerciser(int number, Trace trace) {
        CompletableFuture<PortSide> side = new CompletableFuture<>();
        loop().execute(() -> {
            PortSide s = sides.get(number);
            if (s == null) {
                side.completeExceptionally(new IllegalArgumentException(name() + " has no port " + number));
                return;
            }
            s.trace = trace;
            side.complete(s);
        });
        return side.join();
    }

    /** Completes once port {@code number}'s link has trained (LinkUp), at once if it has. Any thread. */
    public CompletableFuture<Void> linkUp(int number) {
        CompletableFuture<Void> up = new CompletableFuture<>();
        loop().execute(() -> {
            PortSide s = sides.get(number);
            if (s == null) {
                up.completeExceptionally(new IllegalArgumentException(name() + " has no port " + number));
            } else if (s.port.physicalState() == PortInfo.PHYS_STATE_LINK_UP) {
                up.complete(null);
            } else {
                s.waitingForLinkUp.add(up);
            }
        });
        return up;
    }

    /** Whether port {@code number}'s link is up (LinkUp) now, as the device's loop sees it. Any thread. */
    public Future<Boolean> linkIsUp(int number) {
        return call(() -> {
            PortSide s = sides.get(number);
            return s != null && s.port.physicalState() == PortInfo.PHYS_STATE_LINK_UP;
        });
    }

    @Override
    public void onStateChange(Port port) {
        super.onStateChange(port);
        PortSide s = sides.get(port.number());
        if (s == null) {
            return;
        }
        boolean up = port.physicalState() == PortInfo.PHYS_STATE_LINK_UP;
        if (up) {
            s.waitingForLinkUp.forEach(f -> f.complete(null));
            s.waitingForLinkUp.clear();
        } else {
            // A link that goes down starts its buffers afresh: what was held is nobody's to free any more.
            s.held.clear();
        }
        if (up && !s.linkWasUp) {
            s.waitingForNextLinkUp.forEach(f -> f.complete(null));
            s.waitingForNextLinkUp.clear();
        }
        s.linkWasUp = up;
    }

    @Override
    public void onPacket(Port in, byte[] frame) {
        PortSide s = sides.get(in.number());
        if (s != null && s.capture != null && !SmpPackets.isSmp(frame) && !GmpPackets.isGmp(frame)) {
            if (s.holding) {
                s.held.add(frame);
            } else {
                in.release(Lrh.vl(frame, 0), frame.length);
            }
            Trace.Frame traced = s.lastReceived != null && s.lastReceived.bytes() == frame ? s.lastReceived : null;
            s.capture.accept(new CapturedFrame(
                    traced != null ? traced.nanos() : s.trace.now(), traced != null ? traced.index() : -1, frame));
            return;
        }
        super.onPacket(in, frame);
    }

    /** One port's exerciser side: its trace, the frames waiting to leave, the capture sink. Event loop only. */
    private final class PortSide implements Exerciser {
        private final Port port;
        private final Map<byte[], CompletableFuture<Long>> leaving = new IdentityHashMap<>();
        private final List<CompletableFuture<Void>> waitingForLinkUp = new ArrayList<>();
        /** Waiting for the link to train again after it went down ({@link #nextLinkUp}). */
        private final List<CompletableFuture<Void>> waitingForNextLinkUp = new ArrayList<>();
        /** Whether the link was up at the last state change: a LinkUp that follows a down is a new training. */
        private boolean linkWasUp;
        /** Captured packets whose receive buffer is held while {@link #holding}. */
        private final List<byte[]> held = new ArrayList<>();

        private Trace trace = new Trace("tester", false);
        private Trace.Frame lastReceived;
        private Consumer<CapturedFrame> capture;
        private boolean holding;

        PortSide(Port port) {
            this.port = port;
        }

        void tapped(Port p, Direction direction, ErfType type, byte[] bytes) {
            Trace.Frame f = trace.record(direction, type.equals(ErfType.INFINIBAND_LINK), bytes);
            if (direction == Direction.RX) {
                lastReceived = f;
                return;
            }
            CompletableFuture<Long> left = leaving.remove(bytes);
            if (left != null) {
                left.complete(f != null ? f.nanos() : trace.now());
            }
        }

        @Override
        public int portNumber() {
            return port.number();
        }

        @Override
        public CompletableFuture<Integer> lid() {
            CompletableFuture<Integer> lid = new CompletableFuture<>();
            loop().execute(() -> lid.complete(TesterDevice.this.lid(port.number())));
            return lid;
        }

        @Override
        public CompletableFuture<Long> transmit(byte[] frame) {
            CompletableFuture<Long> left = new CompletableFuture<>();
            loop().execute(() -> {
                leaving.put(frame, left);
                if (!port.transmit(frame)) {
                    leaving.remove(frame);
                    left.completeExceptionally(new IllegalStateException(port.number()
                            + ": the port refused the packet (its PortState, VL or queue does not allow it)"));
                }
            });
            return left;
        }

        @Override
        public CompletableFuture<Long> inject(byte[] frame, boolean link, boolean endBad) {
            CompletableFuture<Long> left = new CompletableFuture<>();
            loop().execute(() -> {
                leaving.put(frame, left);
                if (!port.inject(link ? Frame.Kind.LINK : Frame.Kind.DATA, frame, endBad)) {
                    leaving.remove(frame);
                    left.completeExceptionally(
                            new IllegalStateException(port.number() + ": no link to put the frame on"));
                }
            });
            return left;
        }

        @Override
        public void ignoreCredits(boolean ignore) {
            runAndWait(() -> port.ignoreCredits(ignore));
        }

        @Override
        public void capture(Consumer<CapturedFrame> sink) {
            runAndWait(() -> capture = sink);
        }

        @Override
        public void hold(boolean hold) {
            runAndWait(() -> {
                holding = hold;
                if (!hold) {
                    held.forEach(f -> port.release(Lrh.vl(f, 0), f.length));
                    held.clear();
                }
            });
        }

        @Override
        public CompletableFuture<Void> nextLinkUp() {
            CompletableFuture<Void> up = new CompletableFuture<>();
            loop().execute(() -> waitingForNextLinkUp.add(up));
            return up;
        }

        @Override
        public CompletableFuture<Void> after(long nanos) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            scheduler().schedule(nanos, () -> done.complete(null));
            return done;
        }
    }
}
