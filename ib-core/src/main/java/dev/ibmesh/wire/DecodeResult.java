package dev.ibmesh.wire;

/** The outcome of decoding a frame: a packet, or a typed rejection. Decoders never throw on bad input. */
public sealed interface DecodeResult {
    record Decoded(Packet packet) implements DecodeResult {}

    record Rejected(RejectReason reason, String detail) implements DecodeResult {
        @Override
        public String toString() {
            return reason.text() + ": " + detail;
        }
    }

    default boolean isDecoded() {
        return this instanceof Decoded;
    }

    /** The packet, or an {@link IllegalStateException} naming the rejection (for tests and tools). */
    default Packet packetOrThrow() {
        if (this instanceof Decoded d) {
            return d.packet();
        }
        throw new IllegalStateException("frame rejected: " + this);
    }
}
