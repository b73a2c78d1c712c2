package dev.ibmesh.wire;

import java.util.zip.CRC32;

/**
 * The invariant CRC (ICRC) of an IBA transport packet: CRC-32 as zlib computes it ({@link CRC32}, which the JIT
 * turns into the CPU's CRC instructions), over the packet from the first LRH byte through the last pad byte with
 * the fields that may change in flight treated as all ones (docs/wire-format.md, CRCs):
 * <ul>
 *   <li>local packets (LNH 2): LRH.VL (high nibble of byte 0) and BTH byte 4 (resv8a, later FECN/BECN);</li>
 *   <li>global packets (LNH 3): all 8 LRH bytes, GRH TClass and FlowLabel, GRH HopLmt, BTH byte 4.</li>
 * </ul>
 * The result goes on the wire least-significant byte first. Raw packets (LNH 0, 1) carry no ICRC.
 *
 * <p>Computed in place: masked bytes are fed from a constant, so the frame is never copied.
 */
public final class Icrc {
    private static final byte[] ONES = {-1, -1, -1, -1, -1, -1, -1, -1};

    private Icrc() {}

    /**
     * The ICRC register value of the IBA transport packet at {@code off} whose LRH..pad part is {@code len} bytes.
     * The LNH is read from the packet itself; the caller has checked that {@code len} covers LRH and BTH
     * (and GRH for LNH 3).
     */
    public static int compute(byte[] b, int off, int len) {
        CRC32 crc = new CRC32();
        if ((b[off + 1] & 0x3) == Lrh.LNH_IBA_GLOBAL) {
            crc.update(ONES, 0, Lrh.SIZE);
            crc.update(b[off + 8] | 0x0F);
            crc.update(ONES, 0, 3);
            crc.update(b, off + 12, 3);
            crc.update(0xFF);
            int bth = Lrh.SIZE + Grh.SIZE;
            crc.update(b, off + 16, bth + 4 - 16);
            crc.update(0xFF);
            crc.update(b, off + bth + 5, len - bth - 5);
        } else {
            crc.update(b[off] | 0xF0);
            crc.update(b, off + 1, Lrh.SIZE + 3);
            crc.update(0xFF);
            crc.update(b, off + Lrh.SIZE + 5, len - Lrh.SIZE - 5);
        }
        return (int) crc.getValue();
    }

    /** Reads an ICRC register value stored least-significant byte first. */
    public static int read(byte[] b, int off) {
        return (b[off] & 0xFF) | ((b[off + 1] & 0xFF) << 8) | ((b[off + 2] & 0xFF) << 16) | ((b[off + 3] & 0xFF) << 24);
    }

    /** Stores an ICRC register value least-significant byte first. */
    public static void write(byte[] b, int off, int icrc) {
        b[off] = (byte) icrc;
        b[off + 1] = (byte) (icrc >>> 8);
        b[off + 2] = (byte) (icrc >>> 16);
        b[off + 3] = (byte) (icrc >>> 24);
    }
}
