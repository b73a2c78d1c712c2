package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.Lrh;

/**
 * The intermediate hop of a directed route through a switch, done on the frame's bytes: C14-9:2 on the way out
 * (ReturnPath[hp] takes the ingress port, HopPointer becomes hp + 1, the SMP leaves by InitialPath[hp + 1]) and
 * C14-13:2 on the way back (HopPointer becomes hp - 1, the SMP leaves by ReturnPath[hp - 1]).
 *
 * <p>Every hop of a route but its two ends is one of these, so they are most of the SMPs a switch handles in a sweep.
 * {@code dr.DirectedRoute} decides them as well, on records: the MAD decoded, copied and encoded again at each hop.
 * Here the leaving frame is the received one copied once, with the hop's one or two bytes changed, the headers an SMP
 * hop leaves with (permissive LIDs, SL 0, VL15) and its CRCs computed anew: byte for byte the frame a switch builds
 * from DirectedRoute's decision (IntermediateHopTest holds the two together). Anything else (the ends of a route, a
 * LID-routed part, a hop the rules drop, a frame longer than an SMP needs) is left to DirectedRoute, so its decision
 * and its drop reason stay in one place. It sits beside {@link SmpPackets}, whose frames it reads and writes; the
 * {@code dr} package below keeps the rules on records.
 */
public final class IntermediateHop {
    /** {@link #egressPort}'s answer for an SMP that is not at an intermediate hop here. */
    public static final int NONE = -1;

    private static final int MAD = SmpPackets.MAD_OFFSET;
    private static final int STATUS = MAD + DrSmp.STATUS_OFFSET;
    private static final int HOP_POINTER = MAD + DrSmp.HOP_POINTER_OFFSET;
    private static final int HOP_COUNT = MAD + DrSmp.HOP_COUNT_OFFSET;
    private static final int INITIAL_PATH = MAD + DrSmp.INITIAL_PATH_OFFSET;
    private static final int RETURN_PATH = MAD + DrSmp.RETURN_PATH_OFFSET;
    /** LRH, BTH and DETH of an SMP leaving a directed-route hop: as {@link SmpPackets#frame} writes them. */
    private static final byte[] HEADERS =
            SmpPackets.frame(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, Mad.copyOf(new byte[Mad.SIZE]));

    private IntermediateHop() {}

    /**
     * The port a switch with {@code portCount} ports sends this received SMP frame out of, when the SMP is at an
     * intermediate hop of its directed part; {@link #NONE} otherwise. The caller has found the frame an SMP
     * ({@link SmpPackets#isSmp}) with a valid ICRC.
     */
    public static int egressPort(byte[] frame, int portCount) {
        if (frame.length != SmpPackets.FRAME_SIZE || !SmpPackets.isDirectedRoute(frame)) {
            return NONE;
        }
        int hp = frame[HOP_POINTER] & 0xFF;
        int hc = frame[HOP_COUNT] & 0xFF;
        if (hc > DrSmp.MAX_HOP_COUNT) {
            return NONE; // C14-6
        }
        int port;
        if (returning(frame)) {
            port = hp >= 2 && hp <= hc ? frame[RETURN_PATH + hp - 1] & 0xFF : 0;
        } else {
            port = hp > 0 && hp < hc ? frame[INITIAL_PATH + hp + 1] & 0xFF : 0;
        }
        return port >= 1 && port <= portCount ? port : NONE;
    }

    /**
     * The frame that leaves the hop {@link #egressPort} found, for the SMP received on {@code ingressPort}. The
     * received frame is not changed.
     */
    public static byte[] next(byte[] frame, int ingressPort) {
        byte[] next = frame.clone();
        System.arraycopy(HEADERS, 0, next, 0, MAD);
        int hp = frame[HOP_POINTER] & 0xFF;
        if (returning(frame)) {
            next[HOP_POINTER] = (byte) (hp - 1);
        } else {
            next[RETURN_PATH + hp] = (byte) ingressPort;
            next[HOP_POINTER] = (byte) (hp + 1);
        }
        FrameWriter.seal(next);
        return next;
    }

    /** The D bit: the SMP is on its way back. */
    private static boolean returning(byte[] frame) {
        return (Bits.u16(frame, STATUS) & DrSmp.D_BIT) != 0;
    }
}
