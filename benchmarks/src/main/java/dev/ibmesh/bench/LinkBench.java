package dev.ibmesh.bench;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Packets per second and one-way latency across one link between two devices, credits enforced: in one JVM
 * (in-process transport) and over loopback TCP (Netty), for 290-byte frames (an SMP's size) and 4,160-byte frames
 * (a 4 KB payload with headers). Throughput keeps the sender's queue full; latency sends lone packets, the next only
 * after the previous arrived, and reads the send time from the payload (one JVM, one clock).
 *
 * <p>Run: {@code ./bench link [packets]}. Targets ([runtime] issue, 2-core machine): 1 million packets/s in one
 * JVM, 300 thousand over loopback, p99 below 100 us for a lone packet in one JVM.
 */
public final class LinkBench {
    private static final int[] SIZES = {290, 4160};

    public static void main(String[] args) throws Exception {
        int packets = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        System.out.printf("ibmesh link bench: %d packets per run%n", packets);
        System.out.println(Machine.line());
        System.out.printf(
                "%-11s %6s %14s %10s %12s %12s%n", "transport", "bytes", "packets/s", "Gb/s", "p50 us", "p99 us");
        for (boolean inProcess : new boolean[] {true, false}) {
            for (int size : SIZES) {
                try (Pair pair = new Pair(inProcess)) {
                    double pps = pair.throughput(size, size > 1000 ? packets / 4 : packets);
                    double[] lat = pair.latency(size, 20_000);
                    System.out.printf(
                            "%-11s %6d %,14.0f %10.2f %12.1f %12.1f%n",
                            inProcess ? "in-process" : "loopback", size, pps, pps * size * 8 / 1e9, lat[0], lat[1]);
                }
            }
        }
        System.exit(0);
    }

    /** Two devices and the link between them. */
    private static final class Pair implements AutoCloseable {
        private final Vertx vertx = Vertx.vertx();
        private final BenchDevice a;
        private final BenchDevice b;

        Pair(boolean inProcess) throws Exception {
            LinkTransport t =
                    inProcess ? new InProcessLinkTransport("bench-" + System.nanoTime()) : new NettyLinkTransport();
            String addrA = inProcess ? "a" : LoopbackAddress.free();
            String addrB = inProcess ? "b" : LoopbackAddress.free();
            a = new BenchDevice(config("a", 1, addrA, new LinkPlan(1, "b", 1, addrB, true)), t);
            b = new BenchDevice(config("b", 2, addrB, new LinkPlan(1, "a", 1, null, false)), t);
            vertx.deployVerticle(b).await(10, TimeUnit.SECONDS);
            vertx.deployVerticle(a).await(10, TimeUnit.SECONDS);
            a.activate(1);
            b.activate(2);
        }

        double throughput(int size, int count) throws Exception {
            byte[] frame = frame(size, 0);
            b.expect(count);
            long start = System.nanoTime();
            a.blast(frame, count);
            b.done.await(120, TimeUnit.SECONDS);
            return count / ((b.lastArrival - start) / 1e9);
        }

        /** p50 and p99 one-way latency in microseconds. */
        double[] latency(int size, int samples) throws Exception {
            long[] lat = new long[samples];
            for (int i = 0; i < samples; i++) {
                CompletableFuture<Long> arrived = b.nextArrival();
                // Stamped on the sender's event loop, as the device hands the packet to its port.
                a.run(() -> a.port(1).transmit(frame(size, System.nanoTime())));
                lat[i] = arrived.get(10, TimeUnit.SECONDS);
            }
            Arrays.sort(lat);
            return new double[] {lat[lat.length / 2] / 1e3, lat[(int) (lat.length * 0.99)] / 1e3};
        }

        @Override
        public void close() throws Exception {
            vertx.close().await(10, TimeUnit.SECONDS);
        }
    }

    /** Sends as fast as credits allow, or counts what arrives and records latency. */
    private static final class BenchDevice extends Device {
        private CountDownLatch done;
        private int expected;
        private int received;
        private volatile long lastArrival;
        private volatile CompletableFuture<Long> next;
        private byte[] blastFrame;
        private int blastLeft;

        BenchDevice(DeviceConfig c, LinkTransport t) {
            super(c, t, new SimpleMeterRegistry());
        }

        void activate(int lid) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (OnLoop.call(this, () -> port(1).portState()) != PortInfo.PORT_STATE_INIT) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("link did not train");
                }
                Thread.sleep(5);
            }
            OnLoop.call(this, () -> {
                port(1).receivePolicy().lid(lid, 0);
                return port(1).arm();
            });
            Thread.sleep(50);
            OnLoop.call(this, () -> port(1).activate());
        }

        void expect(int count) {
            done = new CountDownLatch(1);
            expected = count;
            received = 0;
        }

        CompletableFuture<Long> nextArrival() {
            CompletableFuture<Long> f = new CompletableFuture<>();
            next = f;
            return f;
        }

        /** Fills the transmit queue, and tops it up whenever the port makes room, until {@code count} went in. */
        void blast(byte[] frame, int count) {
            blastFrame = frame;
            blastLeft = count;
            run(() -> onTransmitSpace(port(1)));
        }

        @Override
        public void onTransmitSpace(Port p) {
            while (blastLeft > 0 && p.queued(0) < PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL) {
                p.transmit(blastFrame);
                blastLeft--;
            }
        }

        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(0, frame.length);
            CompletableFuture<Long> f = next;
            if (f != null) {
                next = null;
                f.complete(System.nanoTime() - Bits.u64(frame, 20));
                return;
            }
            if (++received == expected) {
                lastArrival = System.nanoTime();
                done.countDown();
            }
        }
    }

    private static byte[] frame(int size, long stamp) {
        byte[] payload = new byte[size - 26];
        Bits.put64(payload, 0, stamp);
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, 0))
                .payload(payload)
                .build();
    }

    private static DeviceConfig config(String name, long guid, String listen, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), listen, List.of());
    }
}
