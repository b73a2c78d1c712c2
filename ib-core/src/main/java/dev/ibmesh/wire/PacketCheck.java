package dev.ibmesh.wire;

import java.util.Set;

/**
 * The port-independent part of the link layer's data packet check (IBA figure 25-20), run in place on the frame
 * bytes without allocating beyond the CRC engine: VCRC, ICRC, length (minimum, maximum by MTUCap, PktLen against
 * the received length), LVer. The VL, DLID and SLID checks need the port's configuration and belong to the port.
 *
 * <p>Precedence: CRC errors come first, because a damaged packet says nothing reliable about its other fields.
 * A switch may skip the ICRC of packets that only pass through ({@code checkIcrc = false}). A packet that fails is
 * discarded unanswered (C7-7 at a CA, C7-9 at a switch or router port).
 */
public final class PacketCheck {
    /** The minimum raw packet, LRH through payload: five dwords. */
    public static final int MIN_RAW_PKT_BYTES = 20;
    /** The minimum IBA transport packet, LRH through ICRC: six dwords (LRH 8 + BTH 12 + ICRC 4). */
    public static final int MIN_IBA_PKT_BYTES = 24;

    private PacketCheck() {}

    /** Runs every check, with the ICRC. */
    public static RejectReason check(byte[] b, int off, int len, Mtu mtuCap) {
        return check(b, off, len, mtuCap, true);
    }

    public static RejectReason check(byte[] b, int off, int len, Mtu mtuCap, boolean checkIcrc) {
        return check(b, off, len, mtuCap, checkIcrc, Set.of());
    }

    /**
     * Runs the checks but those whose failure {@code unchecked} names: how a device started with a deviation leaves
     * one check out (a receiver that does not check the VCRC, say). The other checks keep their precedence.
     */
    public static RejectReason check(
            byte[] b, int off, int len, Mtu mtuCap, boolean checkIcrc, Set<RejectReason> unchecked) {
        return check(b, off, len, mtuCap, checkIcrc, unchecked, false);
    }

    /**
     * As {@link #check(byte[], int, int, Mtu, boolean, Set)}; {@code vcrcKnownGood} says the VCRC is already known to
     * match these bytes (whoever computed or checked it over them is in this JVM and nothing changed them since), so
     * the check's outcome is known and it is not computed again.
     */
    public static RejectReason check(
            byte[] b,
            int off,
            int len,
            Mtu mtuCap,
            boolean checkIcrc,
            Set<RejectReason> unchecked,
            boolean vcrcKnownGood) {
        if (len < Lrh.SIZE + 2) {
            // Not even an LRH and a VCRC: the CRC cannot be meaningful, the length is what is wrong.
            return RejectReason.BELOW_MINIMUM_LENGTH;
        }
        if (!vcrcKnownGood && !unchecked.contains(RejectReason.BAD_VCRC) && !Vcrc.isValid(b, off, len)) {
            return RejectReason.BAD_VCRC;
        }
        int lnh = Lrh.lnh(b, off);
        boolean iba = lnh >= Lrh.LNH_IBA_LOCAL;
        int pktBytes = len - 2;
        // A global packet too short for its GRH has no ICRC to check; the parser rejects its headers.
        if (iba
                && checkIcrc
                && !unchecked.contains(RejectReason.BAD_ICRC)
                && pktBytes >= icrcMinimum(lnh)
                && Icrc.compute(b, off, pktBytes - 4) != Icrc.read(b, off + pktBytes - 4)) {
            return RejectReason.BAD_ICRC;
        }
        if (pktBytes < (iba ? MIN_IBA_PKT_BYTES : MIN_RAW_PKT_BYTES)) {
            return RejectReason.BELOW_MINIMUM_LENGTH;
        }
        if (len > mtuCap.maxFrameBytes()) {
            return RejectReason.ABOVE_MAXIMUM_LENGTH;
        }
        if (!unchecked.contains(RejectReason.PKTLEN_MISMATCH) && Lrh.pktLen(b, off) * 4 != pktBytes) {
            return RejectReason.PKTLEN_MISMATCH;
        }
        if (!unchecked.contains(RejectReason.BAD_LVER) && Lrh.lver(b, off) != 0) {
            return RejectReason.BAD_LVER;
        }
        return RejectReason.NONE;
    }

    /** True when the ICRC of the IBA transport frame is right; false for raw or too-short frames. */
    public static boolean isIcrcValid(byte[] b, int off, int len) {
        int lnh = Lrh.lnh(b, off);
        int pktBytes = len - 2;
        return lnh >= Lrh.LNH_IBA_LOCAL
                && pktBytes >= icrcMinimum(lnh)
                && Icrc.compute(b, off, pktBytes - 4) == Icrc.read(b, off + pktBytes - 4);
    }

    /** LRH (+ GRH) + BTH + ICRC: the fewest bytes over which an ICRC can be computed. */
    private static int icrcMinimum(int lnh) {
        return Lrh.SIZE + (lnh == Lrh.LNH_IBA_GLOBAL ? Grh.SIZE : 0) + Bth.SIZE + 4;
    }
}
