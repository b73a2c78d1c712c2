package dev.ibmesh.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The variant CRC (VCRC) of an IBA data packet: CRC-16 with polynomial x^16+x^12+x^3+x+1 (0x100B, reflected
 * 0xD008), init 0xFFFF, input and output reflected, final XOR 0xFFFF. It covers every byte from the first LRH byte
 * through the last ICRC byte, unmasked, and goes on the wire least-significant byte first.
 * Check("123456789") = 0x0A3D (docs/test-vectors.md, CRC parameters).
 *
 * <p>Sliced by sixteen tables so that one step consumes sixteen bytes; the link layer runs it on every packet.
 */
public final class Vcrc {
    private static final int POLY_REFLECTED = 0xD008;
    private static final int SLICES = 16;
    /** T[k * 256 + x]: the CRC contribution of byte x followed by k zero bytes; one flat array, one bounds check. */
    private static final char[] T = new char[SLICES * 256];

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ POLY_REFLECTED : c >>> 1;
            }
            T[i] = (char) c;
        }
        for (int t = 1; t < SLICES; t++) {
            for (int i = 0; i < 256; i++) {
                int prev = T[(t - 1) * 256 + i];
                T[t * 256 + i] = (char) ((prev >>> 8) ^ T[prev & 0xFF]);
            }
        }
    }

    private Vcrc() {}

    /** The CRC register value (not yet byte-swapped for the wire) of {@code len} bytes at {@code off}. */
    public static int compute(byte[] b, int off, int len) {
        return update(0xFFFF, b, off, len) ^ 0xFFFF;
    }

    /** Sixteen bytes a step: two little-endian longs, one table lookup per byte, no data dependency between them. */
    static int update(int crc, byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        char[] t = T;
        while (end - i >= SLICES) {
            long lo = (long) LONG_LE.get(b, i) ^ crc;
            long hi = (long) LONG_LE.get(b, i + 8);
            crc = t[0xF00 | (int) lo & 0xFF]
                    ^ t[0xE00 | (int) (lo >>> 8) & 0xFF]
                    ^ t[0xD00 | (int) (lo >>> 16) & 0xFF]
                    ^ t[0xC00 | (int) (lo >>> 24) & 0xFF]
                    ^ t[0xB00 | (int) (lo >>> 32) & 0xFF]
                    ^ t[0xA00 | (int) (lo >>> 40) & 0xFF]
                    ^ t[0x900 | (int) (lo >>> 48) & 0xFF]
                    ^ t[0x800 | (int) (lo >>> 56)]
                    ^ t[0x700 | (int) hi & 0xFF]
                    ^ t[0x600 | (int) (hi >>> 8) & 0xFF]
                    ^ t[0x500 | (int) (hi >>> 16) & 0xFF]
                    ^ t[0x400 | (int) (hi >>> 24) & 0xFF]
                    ^ t[0x300 | (int) (hi >>> 32) & 0xFF]
                    ^ t[0x200 | (int) (hi >>> 40) & 0xFF]
                    ^ t[0x100 | (int) (hi >>> 48) & 0xFF]
                    ^ t[(int) (hi >>> 56)];
            i += SLICES;
        }
        while (i < end) {
            crc = (crc >>> 8) ^ t[(crc ^ b[i++]) & 0xFF];
        }
        return crc;
    }

    /** Reads the VCRC register value stored least-significant byte first at {@code off}. */
    public static int read(byte[] b, int off) {
        return (b[off] & 0xFF) | ((b[off + 1] & 0xFF) << 8);
    }

    /** Stores a VCRC register value least-significant byte first at {@code off}. */
    public static void write(byte[] b, int off, int vcrc) {
        b[off] = (byte) vcrc;
        b[off + 1] = (byte) (vcrc >>> 8);
    }

    /** True when the last two bytes of the {@code len}-byte frame at {@code off} are the VCRC of the rest. */
    public static boolean isValid(byte[] b, int off, int len) {
        return len >= 2 && compute(b, off, len - 2) == read(b, off + len - 2);
    }
}
