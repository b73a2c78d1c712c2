package dev.ibmesh.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;

/** Packets and small helpers shared by the trace tests. */
final class TracePackets {
    /** Vector R1 of docs/test-vectors.md: real-hardware RC Acknowledge, 30 bytes, DLID 4, SLID 1, opcode 0x11. */
    static final String R1_HEX = "00020004000700011140ffff0087040800d40a551f000001a80355503081";
    /** A 6-byte flow-control link packet: op 0, FCTBS 0x123, VL 0, FCCL 0x045, LPCRC bytes. */
    static final String LINK_HEX = "01230045beef";

    private TracePackets() {}

    static byte[] r1() {
        return HexFormat.of().parseHex(R1_HEX);
    }

    static byte[] link() {
        return HexFormat.of().parseHex(LINK_HEX);
    }

    /** The bytes a stream writer produces for {@code records}. */
    static byte[] written(List<TraceRecord> records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ErfTraceWriter writer = new ErfTraceWriter(bytes)) {
            for (TraceRecord r : records) {
                writer.write(r);
            }
        }
        return bytes.toByteArray();
    }
}
