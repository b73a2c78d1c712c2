package dev.ibmesh.cli;

import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfTraceWriter;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.PortLabel;
import dev.ibmesh.trace.TraceRecord;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.KnownFrames;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import dev.ibmesh.wire.Vcrc;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The example trace shipped in {@code examples/sample.pcap}: every verified frame of docs/test-vectors.md (four of them
 * captured from real hardware), two flow-control packets, and damaged copies that a decoder must flag.
 */
final class ExampleTrace {
    static final long START_NANOS = 1_763_800_000_000_000_000L;
    /** Frames 1..18 are good; then the link packets; then the damaged ones. */
    static final int GOOD_DATA_FRAMES = KnownFrames.ALL.size();

    private ExampleTrace() {}

    static List<TraceRecord> records() {
        List<TraceRecord> records = new ArrayList<>();
        for (KnownFrames.KnownFrame f : KnownFrames.ALL) {
            add(records, ErfType.INFINIBAND, f.bytes());
        }
        add(
                records,
                ErfType.INFINIBAND_LINK,
                FlowControlPacket.of(FlowControlPacket.OP_INIT, 0, 0, 2048).encode());
        add(
                records,
                ErfType.INFINIBAND_LINK,
                FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 72, 0, 2120).encode());
        // S1 with a damaged ICRC byte whose VCRC a hop regenerated: only the ICRC is wrong.
        byte[] badIcrc = KnownFrames.S1.bytes();
        badIcrc[284] ^= (byte) 0xFF;
        Vcrc.write(badIcrc, 288, Vcrc.compute(badIcrc, 0, 288));
        add(records, ErfType.INFINIBAND, badIcrc);
        // R1 with a damaged VCRC.
        byte[] badVcrc = KnownFrames.R1.bytes();
        badVcrc[29] ^= (byte) 0xFF;
        add(records, ErfType.INFINIBAND, badVcrc);
        // An RC SEND whose PktLen lies (CRCs are right over what was sent).
        add(
                records,
                ErfType.INFINIBAND,
                PacketBuilder.iba(
                                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1),
                                Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x12, true, 5))
                        .payload(new byte[16])
                        .pktLen(4)
                        .build());
        return records;
    }

    static byte[] bytes() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ErfTraceWriter w = new ErfTraceWriter(out)) {
            for (TraceRecord r : records()) {
                w.write(r);
            }
        }
        return out.toByteArray();
    }

    private static void add(List<TraceRecord> records, ErfType type, byte[] frame) {
        int n = records.size();
        records.add(new TraceRecord(
                START_NANOS + n * 1_250L, PortLabel.of(n % 2), n % 2 == 0 ? Direction.RX : Direction.TX, type, frame));
    }
}
