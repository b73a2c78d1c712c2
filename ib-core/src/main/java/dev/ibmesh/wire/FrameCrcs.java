package dev.ibmesh.wire;

/**
 * Writes the CRCs of a frame in place, over whatever its bytes are: for a data packet the ICRC (IBA transport
 * packets only, IBA 7.8.1) and then the VCRC over everything before it (IBA 7.8.2); for a link packet the LPCRC
 * (IBA 7.9.4). For tools that send a hand-made frame and want it to pass the receiver's CRC checks. Stateless.
 */
public final class FrameCrcs {
    /** The shortest IBA packet whose ICRC can be computed without a GRH: LRH, BTH, ICRC and VCRC. */
    private static final int MIN_LOCAL = Lrh.SIZE + Bth.SIZE + 4 + 2;
    /** The same with a GRH. */
    private static final int MIN_GLOBAL = MIN_LOCAL + Grh.SIZE;

    private FrameCrcs() {}

    /**
     * Computes the ICRC (into the 4 bytes before the VCRC, when the LRH's LNH says IBA transport and the frame is
     * long enough to hold one) and the VCRC (the last 2 bytes).
     *
     * @throws IllegalArgumentException for a frame shorter than an LRH and a VCRC
     */
    public static void sealDataPacket(byte[] b) {
        if (b.length < Lrh.SIZE + 2) {
            throw new IllegalArgumentException(
                    "a data packet of " + b.length + " bytes has no room for an LRH and a VCRC");
        }
        int lnh = Lrh.lnh(b, 0);
        int vcrcAt = b.length - 2;
        if ((lnh == Lrh.LNH_IBA_LOCAL && b.length >= MIN_LOCAL)
                || (lnh == Lrh.LNH_IBA_GLOBAL && b.length >= MIN_GLOBAL)) {
            Icrc.write(b, vcrcAt - 4, Icrc.compute(b, 0, vcrcAt - 4));
        }
        Vcrc.write(b, vcrcAt, Vcrc.compute(b, 0, vcrcAt));
    }

    /**
     * Computes the LPCRC of a link packet (the last 2 of its 6 bytes).
     *
     * @throws IllegalArgumentException for a frame that is not 6 bytes
     */
    public static void sealLinkPacket(byte[] b) {
        if (b.length != FlowControlPacket.SIZE) {
            throw new IllegalArgumentException(
                    "a link packet is " + FlowControlPacket.SIZE + " bytes, not " + b.length);
        }
        Vcrc.write(b, 4, Vcrc.compute(b, 0, 4));
    }
}
