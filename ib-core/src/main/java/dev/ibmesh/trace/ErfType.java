package dev.ibmesh.trace;

/**
 * The ERF record type: the low 7 bits of ERF header byte 8 (bit 7 says "extension headers follow" and is not part of
 * the type). An open enum: the two InfiniBand types have constants, and any other code read from a file is kept as
 * a value so that it survives a round trip.
 *
 * @param code 0..127
 */
public record ErfType(int code) {
    /** Type 21: a native InfiniBand packet, LRH through VCRC. */
    public static final ErfType INFINIBAND = new ErfType(21);
    /** Type 25: a 6-byte InfiniBand link (flow-control) packet. */
    public static final ErfType INFINIBAND_LINK = new ErfType(25);

    public ErfType {
        if (code < 0 || code > 0x7F) {
            throw new IllegalArgumentException("ERF type " + code + " is outside 0..127");
        }
    }

    @Override
    public String toString() {
        return switch (code) {
            case 21 -> "INFINIBAND";
            case 25 -> "INFINIBAND_LINK";
            default -> "ErfType(" + code + ")";
        };
    }
}
