package dev.ibmesh.wire;

import java.util.List;

/**
 * A received IBA transport frame (LRH through VCRC) read in place: the BTH fields, the extended headers and where the
 * payload lies, without copying the frame or building packet records. The devices' receive path reads frames through
 * it; {@link PacketParser} builds the records the tester and the decoders want. The received length is authoritative,
 * as for PacketParser: the VCRC is the last two bytes, the ICRC the four before them.
 */
public final class IbaFrame {
    private final byte[] frame;
    private final int bth;
    private final int payloadOffset;
    private final int payloadLength;

    private IbaFrame(byte[] frame, int bth, int payloadOffset, int payloadLength) {
        this.frame = frame;
        this.bth = bth;
        this.payloadOffset = payloadOffset;
        this.payloadLength = payloadLength;
    }

    /**
     * The view of {@code frame}, or null when it is not a well-formed IBA transport packet: a raw packet (LNH 0, 1),
     * or too short for its GRH, BTH, the extended headers its opcode carries, its pad and its ICRC (the checks
     * {@link PacketParser} makes).
     */
    public static IbaFrame of(byte[] frame) {
        int len = frame.length;
        if (len < Lrh.SIZE + 2 || Lrh.lnh(frame, 0) < Lrh.LNH_IBA_LOCAL) {
            return null;
        }
        int bth = Lrh.SIZE + (Lrh.lnh(frame, 0) == Lrh.LNH_IBA_GLOBAL ? Grh.SIZE : 0);
        int icrcAt = len - 6;
        if (icrcAt - bth < Bth.SIZE) {
            return null;
        }
        int headersAt = bth + Bth.SIZE;
        int payloadAt = headersAt + OpCode.valueOf(Bth.opCode(frame, bth)).headerBytes();
        int pad = Bth.padCnt(frame, bth);
        if (icrcAt - payloadAt < pad) {
            return null;
        }
        return new IbaFrame(frame, bth, payloadAt, icrcAt - pad - payloadAt);
    }

    /** The whole frame, LRH through VCRC (not copied: the caller must not change it). */
    public byte[] frame() {
        return frame;
    }

    public OpCode opCode() {
        return OpCode.valueOf(Bth.opCode(frame, bth));
    }

    public boolean solicitedEvent() {
        return (frame[bth + 1] & 0x80) != 0;
    }

    public int pKey() {
        return Bth.pKey(frame, bth);
    }

    public int destQp() {
        return Bth.destQp(frame, bth);
    }

    public boolean ackReq() {
        return (frame[bth + 8] & 0x80) != 0;
    }

    public int psn() {
        return Bth.psn(frame, bth);
    }

    public int slid() {
        return Lrh.slid(frame, 0);
    }

    public int sl() {
        return Lrh.sl(frame, 0);
    }

    /** Whether the packet is global (LNH 3, a GRH after the LRH). */
    public boolean hasGrh() {
        return bth > Lrh.SIZE;
    }

    /** The GRH, decoded, or null for a local packet. */
    public Grh grh() {
        return hasGrh() ? Grh.decode(frame, Lrh.SIZE) : null;
    }

    /** The extended header of the given type, decoded, or null when the opcode carries none. */
    public <T extends ExtHeader> T header(Class<T> type) {
        int p = bth + Bth.SIZE;
        List<ExtHeaderType> types = opCode().headers();
        for (ExtHeaderType t : types) {
            if (type == t.recordClass()) {
                return type.cast(t.decode(frame, p));
            }
            p += t.size();
        }
        return null;
    }

    /** Where the payload starts in {@link #frame()}. */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** The payload's length, without the pad. */
    public int payloadLength() {
        return payloadLength;
    }
}
