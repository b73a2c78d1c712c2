package dev.ibmesh.bench;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.PacketParser;
import dev.ibmesh.wire.RejectReason;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The HCA data path of one packet: an RC RDMA WRITE Middle frame with a 4 KiB payload (path MTU 4096), sent and
 * received. Sending gathers the payload from a memory region and writes LRH, BTH, payload, ICRC and VCRC; receiving
 * runs the link check (VCRC, ICRC, lengths), reads the headers and places the payload in a memory region. Run with
 * the GC profiler to see the bytes allocated per packet: {@code ./bench HcaDataPath -prof gc}.
 *
 * <p>{@code *Records} is the path through the packet records ({@link PacketBuilder}, {@link PacketParser}) that the
 * tester and the decoders use.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HcaDataPathBenchmark {
    static final int PMTU = 4096;

    /** The sender's and the receiver's memory regions. */
    private final byte[] source = new byte[4 * PMTU];

    private final byte[] target = new byte[4 * PMTU];
    private final Lrh lrh = Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1);
    private final Bth bth = Bth.of(OpCode.RC_RDMA_WRITE_MIDDLE, 0xFFFF, 0x42, false, 7);
    private byte[] received;

    @Setup
    public void setUp() {
        new Random(1).nextBytes(source);
        received = sendRecords();
        if (PacketCheck.check(received, 0, received.length, Mtu.MTU_4096) != RejectReason.NONE) {
            throw new IllegalStateException("the benchmark frame is not valid");
        }
    }

    /** Gathers the payload into its own array (LocalMemory.gather), then builds the frame with PacketBuilder. */
    @Benchmark
    public byte[] sendRecords() {
        byte[] payload = new byte[PMTU];
        System.arraycopy(source, PMTU, payload, 0, PMTU);
        return PacketBuilder.iba(lrh, bth).payload(payload).build();
    }

    /** Checks the frame, parses it into records and writes the payload into the region. */
    @Benchmark
    public int receiveRecords() {
        if (PacketCheck.check(received, 0, received.length, Mtu.MTU_4096) != RejectReason.NONE
                || !(PacketParser.parse(received) instanceof DecodeResult.Decoded d)
                || !(d.packet() instanceof IbaPacket p)) {
            throw new IllegalStateException("rejected");
        }
        System.arraycopy(p.payload(), 0, target, PMTU, p.payload().length);
        return p.bth().psn();
    }
}
