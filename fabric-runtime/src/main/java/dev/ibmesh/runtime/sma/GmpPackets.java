package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;

/**
 * GMPs on the wire: a UD SEND Only to QP1 (the GSI) carrying one 256-byte MAD, with the well-known Q_Key
 * 0x80010000 (IBA 13.5). Recognising them in received frames and building the answer of an agent on QP1.
 */
public final class GmpPackets {
    private static final int DETH_OFFSET = Lrh.SIZE + Bth.SIZE;
    private static final int MAD_OFFSET = DETH_OFFSET + 8;

    private GmpPackets() {}

    /** True for an IBA local packet (not on VL15) that is a UD SEND Only to QP1 with room for a MAD. */
    public static boolean isGmp(byte[] frame) {
        return frame.length >= MAD_OFFSET + Mad.SIZE + 6
                && Lrh.vl(frame, 0) != Lrh.VL15
                && Lrh.lnh(frame, 0) == Lrh.LNH_IBA_LOCAL
                && Bth.opCode(frame, Lrh.SIZE) == OpCode.UD_SEND_ONLY.code()
                && Bth.destQp(frame, Lrh.SIZE) == 1;
    }

    public static Mad mad(byte[] frame) {
        return Mad.copyOf(frame, MAD_OFFSET, Mad.SIZE);
    }

    /**
     * The answer to {@code request} from QP1: back to its SLID and source QP, with its SL and P_Key, from
     * {@code slid}, on VL {@code vl}.
     */
    public static byte[] response(byte[] request, int slid, int vl, Mad mad) {
        int srcQp = Deth.decode(request, DETH_OFFSET).srcQp();
        return frame(
                vl,
                Lrh.sl(request, 0),
                Lrh.slid(request, 0),
                slid,
                Bth.pKey(request, Lrh.SIZE),
                srcQp,
                Deth.GSI_Q_KEY,
                mad);
    }

    /** The source QP of a GMP frame's DETH. */
    public static int srcQp(byte[] frame) {
        return Deth.decode(frame, DETH_OFFSET).srcQp();
    }

    /** The Q_Key of a GMP frame's DETH. */
    public static int qKey(byte[] frame) {
        return Deth.decode(frame, DETH_OFFSET).qKey();
    }

    /** A GMP frame from QP1 of the port with LID {@code slid} to QP {@code destQp} at {@code dlid}. */
    public static byte[] frame(int vl, int sl, int dlid, int slid, int pKey, int destQp, int qKey, Mad mad) {
        return PacketBuilder.iba(
                        Lrh.of(vl, sl, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.UD_SEND_ONLY, pKey, destQp, false, 0))
                .headers(new Deth(qKey, 1))
                .payload(mad.toBytes())
                .build();
    }
}
