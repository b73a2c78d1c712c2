package dev.ibmesh.bench;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.PacketParser;
import dev.ibmesh.wire.RejectReason;
import java.util.Arrays;
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
 * HCA took before and the tester and the decoders still take; {@code sendFrameWriter} and {@code receiveView} are
 * the HCA's path now: the frame written once ({@link FrameWriter}, the payload gathered straight into it) and read in
 * place ({@link IbaFrame}).
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
    private static final ExtHeader[] NO_HEADERS = {};

    @Setup
    public void setUp() {
        new Random(1).nextBytes(source);
        received = sendRecords();
        if (PacketCheck.check(received, 0, received.length, Mtu.MTU_4096) != RejectReason.NONE
                || !Arrays.equals(received, sendFrameWriter())) {
            throw new IllegalStateException("the benchmark frames are not valid or differ");
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

    /** Writes the frame once, the payload gathered from the region straight into it (as Segments.payload does). */
    @Benchmark
    public byte[] sendFrameWriter() {
        int from = PMTU;
        return FrameWriter.write(lrh, null, bth, NO_HEADERS, new FrameWriter.Payload() {
            @Override
            public int length() {
                return PMTU;
            }

            @Override
            public void copyTo(byte[] frame, int off) {
                System.arraycopy(source, from, frame, off, PMTU);
            }
        });
    }

    /** Checks the frame, reads it through the view and writes the payload into the region from the frame itself. */
    @Benchmark
    public int receiveView() {
        IbaFrame v;
        if (PacketCheck.check(received, 0, received.length, Mtu.MTU_4096) != RejectReason.NONE
                || (v = IbaFrame.of(received)) == null) {
            throw new IllegalStateException("rejected");
        }
        System.arraycopy(v.frame(), v.payloadOffset(), target, PMTU, v.payloadLength());
        return v.psn();
    }
}
