package dev.ibmesh.wire;

/**
 * Strict decoding, as a port's receiver needs it: the link-layer {@link PacketCheck} first (CRCs, lengths, LVer),
 * then the structure ({@link PacketParser}). Returns a packet or the first reason, in precedence order, to drop
 * the frame. Never throws on any input.
 */
public final class PacketDecoder {
    private PacketDecoder() {}

    public static DecodeResult decode(byte[] b, Mtu mtuCap) {
        return decode(b, 0, b.length, mtuCap);
    }

    public static DecodeResult decode(byte[] b, int off, int len, Mtu mtuCap) {
        if (off < 0 || len < 0 || off > b.length - len) {
            return PacketParser.parse(b, off, len);
        }
        RejectReason reason = PacketCheck.check(b, off, len, mtuCap);
        if (reason != RejectReason.NONE) {
            return new DecodeResult.Rejected(reason, describe(reason, b, off, len, mtuCap));
        }
        return PacketParser.parse(b, off, len);
    }

    private static String describe(RejectReason reason, byte[] b, int off, int len, Mtu mtuCap) {
        return switch (reason) {
            case BAD_VCRC ->
                String.format(
                        "carried 0x%04X, computed 0x%04X", Vcrc.read(b, off + len - 2), Vcrc.compute(b, off, len - 2));
            case BAD_ICRC ->
                String.format(
                        "carried 0x%08X, computed 0x%08X", Icrc.read(b, off + len - 6), Icrc.compute(b, off, len - 6));
            case BELOW_MINIMUM_LENGTH -> len + " bytes received";
            case ABOVE_MAXIMUM_LENGTH ->
                len + " bytes received, MTUCap " + mtuCap.bytes() + " allows " + mtuCap.maxFrameBytes();
            case PKTLEN_MISMATCH ->
                "PktLen " + Lrh.pktLen(b, off) + " words = " + Lrh.pktLen(b, off) * 4 + " bytes, received " + (len - 2)
                        + " bytes before the VCRC";
            case BAD_LVER -> "LVer " + Lrh.lver(b, off);
            default -> reason.text();
        };
    }
}
