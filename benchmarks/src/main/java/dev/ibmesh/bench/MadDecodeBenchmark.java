package dev.ibmesh.bench;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.decode.MadDecoder;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import dev.ibmesh.wire.PacketDecoder;
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
 * Decoding a PortInfo SMP: the attribute alone from the frame bytes, and the whole path a receiver takes
 * (link checks, packet records, MAD layout, attribute).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MadDecodeBenchmark {
    /** PortInfo's offset in the frame: LRH 8 + BTH 12 + DETH 8 + SMP data offset 64. */
    private static final int PORT_INFO_OFFSET = 28 + Smp.DATA_OFFSET;

    private byte[] frame;

    @Setup
    public void setUp() {
        byte[] portInfo = new byte[PortInfo.SIZE];
        new Random(3).nextBytes(portInfo);
        Smp smp = Smp.of(
                MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET_RESP, 0x1234, PortInfo.ATTRIBUTE_ID, 1),
                0,
                portInfo);
        frame = PacketBuilder.iba(
                        Lrh.of(15, 0, Lrh.LNH_IBA_LOCAL, 1, 5), Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0))
                .headers(new Deth(0, 0))
                .payload(smp.encode().toBytes())
                .build();
    }

    @Benchmark
    public PortInfo portInfoAttribute() {
        return PortInfo.decode(frame, PORT_INFO_OFFSET);
    }

    @Benchmark
    public Object portInfoSmpFullPath() {
        DecodeResult r = PacketDecoder.decode(frame, Mtu.MTU_4096);
        byte[] payload = ((IbaPacket) ((DecodeResult.Decoded) r).packet()).payload();
        return ((MadDecoder.Decoded) MadDecoder.decode(payload, 0, payload.length))
                .mad()
                .attribute();
    }
}
