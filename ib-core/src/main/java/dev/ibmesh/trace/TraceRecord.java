package dev.ibmesh.trace;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One traced packet as stored in one ERF record (see {@link ErfTraceWriter} for the byte layout).
 *
 * @param timestampNanos nanoseconds since the epoch, 0..{@link ErfTimestamp#MAX_NANOS} to be writable
 * @param port           interface number 0..3 and optional name; the name lives in {@link PortLabelSidecar}
 * @param direction      RX or TX, stored as described in {@link ErfFlags}
 * @param type           ERF record type: {@link ErfType#INFINIBAND} for LRH..VCRC, {@link ErfType#INFINIBAND_LINK}
 *                       for a 6-byte link packet, or whatever a foreign file held
 * @param packet         the packet bytes; copied in and out, so a record is immutable
 */
public record TraceRecord(long timestampNanos, PortLabel port, Direction direction, ErfType type, byte[] packet) {
    public TraceRecord {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(type, "type");
        packet = packet.clone();
    }

    @Override
    public byte[] packet() {
        return packet.clone();
    }

    /** The packet length in bytes, without copying the packet. */
    public int length() {
        return packet.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceRecord r
                && timestampNanos == r.timestampNanos
                && port.equals(r.port)
                && direction == r.direction
                && type.equals(r.type)
                && Arrays.equals(packet, r.packet);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timestampNanos, port, direction, type, Arrays.hashCode(packet));
    }

    @Override
    public String toString() {
        return "TraceRecord[" + timestampNanos + " ns, " + port + ", " + direction + ", " + type + ", "
                + HexFormat.of().formatHex(packet) + "]";
    }
}
