package dev.ibmesh.wire;

/**
 * Writes an IBA transport frame once, into one array: LRH, GRH, BTH, the extended headers, the payload straight from
 * its source, the pad, then the ICRC and the VCRC computed in place over those very bytes. The computed fields are
 * those {@link PacketBuilder} computes (LRH.LNH and PktLen, BTH.PadCnt, GRH.PayLen), so the frame is byte for byte
 * the one PacketBuilder builds from the same headers and payload; the caller is trusted to give the headers the
 * opcode carries. This is the devices' data path; PacketBuilder, with its deliberate errors, is the tester's.
 */
public final class FrameWriter {
    /** The payload of a frame being written: its length, and the bytes copied into the frame. */
    public interface Payload {
        int length();

        /** Copies the {@link #length()} payload bytes to {@code frame} at {@code off}. */
        void copyTo(byte[] frame, int off);

        /** A payload held in an array (not copied until the frame is written). */
        static Payload of(byte[] bytes) {
            return new Payload() {
                @Override
                public int length() {
                    return bytes.length;
                }

                @Override
                public void copyTo(byte[] frame, int off) {
                    System.arraycopy(bytes, 0, frame, off, bytes.length);
                }
            };
        }
    }

    /** No payload (ACKs, READ requests, atomics). */
    public static final Payload EMPTY = Payload.of(new byte[0]);

    private FrameWriter() {}

    /**
     * The frame, LRH through VCRC.
     *
     * @param lrh     VL, LVer, SL, DLID, SLID; its LNH (2, or 3 with a GRH) and PktLen are computed
     * @param grh     null for a local packet; its PayLen is computed
     * @param bth     its PadCnt is computed
     * @param headers the extended headers {@code bth}'s opcode carries, in wire order
     */
    public static byte[] write(Lrh lrh, Grh grh, Bth bth, ExtHeader[] headers, Payload payload) {
        int headerBytes = 0;
        for (ExtHeader h : headers) {
            headerBytes += h.size();
        }
        int payloadLen = payload.length();
        int padLen = -payloadLen & 3;
        int icrcCovered = Lrh.SIZE + (grh == null ? 0 : Grh.SIZE) + Bth.SIZE + headerBytes + payloadLen + padLen;
        byte[] frame = new byte[icrcCovered + 4 + 2];
        int lnh = grh != null ? Lrh.LNH_IBA_GLOBAL : Lrh.LNH_IBA_LOCAL;
        int pktLen = (icrcCovered + 4) / 4;
        new Lrh(lrh.vl(), lrh.lver(), lrh.sl(), lrh.reserved1(), lnh, lrh.dlid(), lrh.reserved2(), pktLen, lrh.slid())
                .encode(frame, 0);
        int p = Lrh.SIZE;
        if (grh != null) {
            grh.withPayLen(icrcCovered + 4 - Lrh.SIZE - Grh.SIZE).encode(frame, p);
            p += Grh.SIZE;
        }
        bth.withPadCnt(padLen).encode(frame, p);
        p += Bth.SIZE;
        for (ExtHeader h : headers) {
            h.encode(frame, p);
            p += h.size();
        }
        payload.copyTo(frame, p);
        seal(frame, icrcCovered, 0, 0);
        return frame;
    }

    /**
     * Computes a frame's ICRC and VCRC anew in place, after its fields changed: a frame with an ICRC (LNH 2 or 3), no
     * room after the VCRC.
     */
    public static void seal(byte[] frame) {
        seal(frame, frame.length - 6, 0, 0);
    }

    /**
     * Computes the ICRC over the first {@code icrcCovered} bytes and writes it after them, then the VCRC over those
     * and the ICRC; {@code icrcXor} and {@code vcrcXor} damage them on purpose (zero for a correct frame).
     */
    static void seal(byte[] frame, int icrcCovered, int icrcXor, int vcrcXor) {
        Icrc.write(frame, icrcCovered, Icrc.compute(frame, 0, icrcCovered) ^ icrcXor);
        Vcrc.write(frame, icrcCovered + 4, Vcrc.compute(frame, 0, icrcCovered + 4) ^ vcrcXor);
    }
}
