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
 * <p>Sliced by sixteen tables so that one step consumes sixteen bytes; the link layer runs it on every packet, three
 * times on its way through one switch (sent, checked by the switch, checked by the receiver), and it is most of the
 * CPU an RC transfer costs. A long frame is run as two interleaved streams, its two halves, whose registers are joined
 * at the end (CRC linearity: the first half's register advanced over as many zero bytes as the second half has, XOR
 * the second half's register run from 0): one step no longer waits for the one before, which took a 4 KiB frame from
 * 1.64 to 1.37 us (`./bench PacketValidation`).
 */
public final class Vcrc {
    private static final int POLY_REFLECTED = 0xD008;
    private static final int SLICES = 16;
    /** T[k * 256 + x]: the CRC contribution of byte x followed by k zero bytes; one flat array, one bounds check. */
    private static final char[] T = new char[SLICES * 256];

    /** Frames shorter than this are run as one stream: joining two costs more than it saves. */
    private static final int TWO_STREAMS_FROM = 512;
    /**
     * ZEROS[k][i]: the register that bit i becomes after 16 * 2^k zero bytes. Advancing over zero bytes is linear,
     * so a register advances by XORing the columns of its set bits.
     */
    private static final int[][] ZEROS = new int[13][16];

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
        for (int bit = 0; bit < 16; bit++) {
            int reg = 1 << bit;
            for (int z = 0; z < SLICES; z++) {
                reg = (reg >>> 8) ^ T[reg & 0xFF];
            }
            ZEROS[0][bit] = reg;
        }
        for (int k = 1; k < ZEROS.length; k++) {
            for (int bit = 0; bit < 16; bit++) {
                ZEROS[k][bit] = advance(ZEROS[k - 1][bit], ZEROS[k - 1]);
            }
        }
    }

    private Vcrc() {}

    /** The CRC register value (not yet byte-swapped for the wire) of {@code len} bytes at {@code off}. */
    public static int compute(byte[] b, int off, int len) {
        return update(0xFFFF, b, off, len) ^ 0xFFFF;
    }

    static int update(int crc, byte[] b, int off, int len) {
        if (len < TWO_STREAMS_FROM) {
            return oneStream(crc, b, off, off + len);
        }
        // The second half is the largest power-of-two number of steps at most half the frame, so that one
        // precomputed operator advances the first half's register over it.
        int k = Math.min(ZEROS.length - 1, 31 - Integer.numberOfLeadingZeros(len / (2 * SLICES)));
        int half = (1 << k) * SLICES;
        int first = off + len - 2 * half;
        int a = oneStream(crc, b, off, first);
        int c = 0;
        for (int i = first, j = first + half, end = first + half; i < end; i += SLICES, j += SLICES) {
            a = step(a, b, i);
            c = step(c, b, j);
        }
        return advance(a, ZEROS[k]) ^ c;
    }

    /** The bytes from {@code from} to {@code end} as one stream: sixteen at a step, the rest one at a time. */
    private static int oneStream(int crc, byte[] b, int from, int end) {
        char[] t = T;
        int i = from;
        for (; end - i >= SLICES; i += SLICES) {
            crc = step(crc, b, i);
        }
        for (; i < end; i++) {
            crc = (crc >>> 8) ^ t[(crc ^ b[i]) & 0xFF];
        }
        return crc;
    }

    /** The register {@code crc} advanced over the zero bytes {@code zeros} stands for. */
    private static int advance(int crc, int[] zeros) {
        int r = 0;
        for (int bit = 0; bit < 16; bit++) {
            r ^= zeros[bit] & -((crc >>> bit) & 1);
        }
        return r;
    }

    /** Sixteen bytes: two little-endian longs, one table lookup per byte, no data dependency between them. */
    private static int step(int crc, byte[] b, int i) {
        char[] t = T;
        long lo = (long) LONG_LE.get(b, i) ^ crc;
        long hi = (long) LONG_LE.get(b, i + 8);
        return t[0xF00 | (int) lo & 0xFF]
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
