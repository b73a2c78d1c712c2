package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.WrOpcode;
import java.util.Arrays;

/**
 * RC performance of two emulated HCAs through one emulated switch in this JVM, in the spirit of perftest: RDMA WRITE
 * bandwidth for 64 B to 1 MiB (ib_write_bw), the message rate of 64-byte SENDs (ib_send_bw), and the latency of
 * 8-byte inline SENDs, half the ping-pong round trip (ib_send_lat). The fabric is {@link RcFabric}: real HcaDevices
 * and a SwitchDevice, every packet in wire format across links with credits, straight from port to port as in one
 * {@code ibmesh up}, or with {@code --loopback} over gRPC on TCP loopback as between processes; path MTU 4096. In one
 * JVM it is measured twice: the three devices on one event loop, as {@code ibmesh up} runs a fabric by default, then
 * each on a loop of its own (a packet then crosses threads at every hop, as with {@code --event-loops}); over loopback
 * each device has its own loop, as separate processes do. The applications ({@link SendStream}, {@link RecvSink},
 * {@link PingPong}) drive each HCA through its verbs facade on that HCA's event loop, busy-polling as perftest does.
 *
 * <p>Run: {@code ./bench rc [SCALE] [--loopback]} (SCALE multiplies the message counts; default 1). Targets ([fabric]
 * issue, 2-core machine): 10 Gb/s RDMA WRITE at 64 KiB, a million 64-byte SENDs per second, p99 below 200 us; over
 * loopback, 3 Gb/s RDMA WRITE.
 */
public final class RcBench {
    private static final int TX_DEPTH = 128;

    private final RcHost a;
    private final RcHost b;
    private final double scale;
    private final boolean loopback;
    private final int eventLoops;

    private RcBench(RcHost a, RcHost b, double scale, boolean loopback, int eventLoops) {
        this.a = a;
        this.b = b;
        this.scale = scale;
        this.loopback = loopback;
        this.eventLoops = eventLoops;
    }

    public static void main(String[] args) throws Exception {
        double scale = 1.0;
        boolean loopback = false;
        for (String arg : args) {
            if (arg.equals("--loopback")) {
                loopback = true;
            } else {
                try {
                    scale = Double.parseDouble(arg);
                } catch (NumberFormatException e) {
                    scale = -1;
                }
                if (!(scale > 0)) {
                    System.err.println(
                            "usage: ./bench rc [SCALE] [--loopback]; SCALE is a positive number, was " + arg);
                    System.exit(2);
                }
            }
        }
        int[] placements = loopback
                ? new int[] {RcFabric.LOOP_PER_DEVICE}
                : new int[] {RcFabric.ONE_LOOP, RcFabric.LOOP_PER_DEVICE};
        for (int eventLoops : placements) {
            try (RcFabric fabric = new RcFabric(loopback, eventLoops)) {
                RcHost a = RcHost.open(fabric.h1);
                RcHost b = RcHost.open(fabric.h2);
                a.connect(b, RcFabric.H2_LID);
                b.connect(a, RcFabric.H1_LID);
                for (RcHost h : new RcHost[] {a, b}) {
                    OnLoop.call(h.hca, () -> {
                        h.fillReceives();
                        return null;
                    });
                }
                new RcBench(a, b, scale, loopback, eventLoops).run();
            }
        }
        System.exit(0);
    }

    private void run() throws Exception {
        System.out.printf(
                "ibmesh rc bench: h1 - s1 - h2 in one JVM (HcaDevice, SwitchDevice, links with credits %s), RC, path"
                        + " MTU 4096%n",
                loopback ? "over gRPC on TCP loopback, as between processes" : "from port to port, as in ibmesh up");
        System.out.println(
                eventLoops == RcFabric.ONE_LOOP
                        ? "event loops: one for the three devices, as ibmesh up runs a fabric (its default)"
                        : "event loops: one per device (ibmesh up --event-loops " + eventLoops
                                + "; devices in separate processes)");
        System.out.println(Machine.line());
        warmUp();

        System.out.printf(
                "%nRDMA WRITE bandwidth (ib_write_bw: %d outstanding, 1 in %d signaled)%n", TX_DEPTH, SendStream.BATCH);
        System.out.printf("%9s %10s %10s %12s%n", "bytes", "messages", "Gb/s", "msgs/s");
        for (int size = 64; size <= 1 << 20; size <<= 1) {
            int count = count(Math.max(2_000, Math.min(200_000, (512 << 20) / size)));
            double seconds = writeBw(size, count);
            System.out.printf(
                    "%9d %10d %10.2f %,12.0f%n",
                    size, count, count * (double) size * 8 / seconds / 1e9, count / seconds);
        }

        int sends = count(500_000);
        double rate = sends / sendRate(64, sends);
        System.out.printf(
                "%nSEND message rate, 64 B (ib_send_bw): %,.0f msgs/s (%.2f Gb/s), %d messages%n",
                rate, rate * 64 * 8 / 1e9, sends);

        long[] rtt = latency(8, count(50_000));
        Arrays.sort(rtt);
        System.out.printf(
                "SEND latency, 8 B inline (ib_send_lat, RTT/2): p50 %.1f us, p99 %.1f us, max %.1f us,"
                        + " %d samples%n",
                rtt[rtt.length / 2] / 2e3, rtt[(int) (rtt.length * 0.99)] / 2e3, rtt[rtt.length - 1] / 2e3, rtt.length);
        System.out.println();
        for (RcHost h : new RcHost[] {a, b}) {
            System.out.println(OnLoop.call(h.hca, h::counters));
        }
        System.out.println(
                loopback
                        ? "target ([fabric] issue): >= 3 Gb/s RDMA WRITE at 64 KiB across processes (loopback gRPC)"
                        : "targets ([fabric] issue): >= 10 Gb/s RDMA WRITE at 64 KiB, >= 1,000,000 64-byte SENDs/s,"
                                + " p99 < 200 us");
    }

    /** Every measurement once, shorter, so the JIT has compiled the paths before the figures are taken. */
    private void warmUp() throws Exception {
        for (int size : new int[] {64, 4096, 65536}) {
            writeBw(size, 20_000);
        }
        sendRate(64, 100_000);
        latency(8, 10_000);
    }

    private int count(int n) {
        return Math.max(SendStream.BATCH, (int) (n * scale));
    }

    /** Seconds from the first RDMA WRITE posted to the last one completed. */
    private double writeBw(int size, int count) throws Exception {
        SendStream s = new SendStream(a, WrOpcode.RDMA_WRITE, size, RcHost.VA, b.mr.rkey(), count, TX_DEPTH);
        s.start();
        return (s.await() - s.startNanos()) / 1e9;
    }

    /** Seconds from the first SEND posted to the last one received. */
    private double sendRate(int size, int count) throws Exception {
        RecvSink sink = new RecvSink(b, count);
        SendStream s = new SendStream(a, WrOpcode.SEND, size, 0, 0, count, TX_DEPTH);
        sink.start();
        s.start();
        long end = sink.await();
        s.await();
        return (end - s.startNanos()) / 1e9;
    }

    /** Round trips in nanoseconds. */
    private long[] latency(int size, int samples) throws Exception {
        long[] rtt = new long[samples];
        PingPong pong = PingPong.ponger(b, size);
        PingPong ping = PingPong.pinger(a, size, rtt);
        pong.start();
        ping.start();
        ping.await();
        pong.stop();
        pong.await();
        return rtt;
    }
}
