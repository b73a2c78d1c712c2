package dev.ibmesh.wire;

/**
 * The variant CRC (VCRC) of an IBA data packet: CRC-16 with polynomial x^16+x^12+x^3+x+1 (0x100B, reflected
 * 0xD008), init 0xFFFF, input and output reflected, final XOR 0xFFFF. It covers every byte from the first LRH byte
 * through the last ICRC byte, unmasked, and goes on the wire least-significant byte first.
 * Check("123456789") = 0x0A3D (ib-vectors.md section 2).
 *
 * <p>Sliced by eight tables so that one step consumes eight bytes; the link layer runs it on every packet.
 */
public final class Vcrc {
    private static final int POLY_REFLECTED = 0xD008;
    private static final int[][] T = new int[8][256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ POLY_REFLECTED : c >>> 1;
            }
            T[0][i] = c;
        }
        for (int t = 1; t < 8; t++) {
            for (int i = 0; i < 256; i++) {
                int prev = T[t - 1][i];
                T[t][i] = (prev >>> 8) ^ T[0][prev & 0xFF];
            }
        }
    }

    private Vcrc() {
    }

    /** The CRC register value (not yet byte-swapped for the wire) of {@code len} bytes at {@code off}. */
    public static int compute(byte[] b, int off, int len) {
        return update(0xFFFF, b, off, len) ^ 0xFFFF;
    }

    static int update(int crc, byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        int[] t0 = T[0], t1 = T[1], t2 = T[2], t3 = T[3], t4 = T[4], t5 = T[5], t6 = T[6], t7 = T[7];
        while (end - i >= 8) {
            int x0 = (b[i] ^ crc) & 0xFF;
            int x1 = (b[i + 1] ^ (crc >>> 8)) & 0xFF;
            crc = t7[x0] ^ t6[x1] ^ t5[b[i + 2] & 0xFF] ^ t4[b[i + 3] & 0xFF]
                    ^ t3[b[i + 4] & 0xFF] ^ t2[b[i + 5] & 0xFF] ^ t1[b[i + 6] & 0xFF] ^ t0[b[i + 7] & 0xFF];
            i += 8;
        }
        while (i < end) {
            crc = (crc >>> 8) ^ t0[(crc ^ b[i++]) & 0xFF];
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
