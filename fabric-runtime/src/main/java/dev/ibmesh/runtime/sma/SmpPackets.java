package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;

/**
 * SMPs on the wire: a UD SEND Only to QP0 on VL15 carrying one 256-byte MAD (IBA 13.5; the DETH Q_Key of SMPs is
 * ignored and real SMAs send 0). Recognising them in received frames, and building the frames an SMA or a
 * directed-route hop sends.
 */
public final class SmpPackets {
    /** UD SEND Only to QP0 with the default P_Key; PSN 0 (IBA 13.5.3). */
    private static final Bth BTH = Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0);
    /** Q_Key 0, source QP0. */
    private static final ExtHeader[] DETH = {new Deth(0, 0)};
    /** Where the MAD starts: after LRH, BTH and DETH. */
    public static final int MAD_OFFSET = Lrh.SIZE + Bth.SIZE + 8;
    /** An SMP frame as an SMA or a directed-route hop writes it: headers, the MAD, ICRC and VCRC. */
    public static final int FRAME_SIZE = MAD_OFFSET + Mad.SIZE + 6;

    private SmpPackets() {}

    /** True for an IBA local packet on VL15 that is a UD SEND Only to QP0 with room for a MAD. */
    public static boolean isSmp(byte[] frame) {
        return frame.length >= FRAME_SIZE
                && Lrh.vl(frame, 0) == Lrh.VL15
                && Lrh.lnh(frame, 0) == Lrh.LNH_IBA_LOCAL
                && Bth.opCode(frame, Lrh.SIZE) == OpCode.UD_SEND_ONLY.code()
                && Bth.destQp(frame, Lrh.SIZE) == 0;
    }

    /** The MAD of a frame {@link #isSmp} accepted. */
    public static Mad mad(byte[] frame) {
        return Mad.copyOf(frame, MAD_OFFSET, Mad.SIZE);
    }

    /** True when a frame {@link #isSmp} accepted carries a directed-route SMP (class 0x81), read without a copy. */
    public static boolean isDirectedRoute(byte[] frame) {
        return (frame[MAD_OFFSET + 1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE.code();
    }

    /** An SMP frame from {@code slid} to {@code dlid} (0xFFFF for directed routes) carrying {@code mad}, on SL 0. */
    public static byte[] frame(int dlid, int slid, Mad mad) {
        return frame(dlid, slid, 0, mad);
    }

    /**
     * The same on SL {@code sl}: a trap goes to the master SM on PortInfo.MasterSMSL (qib {@code send_trap}). Written
     * once into one array by {@link FrameWriter} (every SMP and every directed-route hop comes here), byte for byte
     * the frame {@link dev.ibmesh.wire.PacketBuilder} builds from the same headers.
     */
    public static byte[] frame(int dlid, int slid, int sl, Mad mad) {
        return FrameWriter.write(
                Lrh.of(Lrh.VL15, sl, Lrh.LNH_IBA_LOCAL, dlid, slid), null, BTH, DETH, new MadPayload(mad));
    }

    /** The 256 bytes of a MAD, copied straight into the frame. */
    private record MadPayload(Mad mad) implements FrameWriter.Payload {
        @Override
        public int length() {
            return Mad.SIZE;
        }

        @Override
        public void copyTo(byte[] frame, int off) {
            mad.copyTo(frame, off);
        }
    }
}
