package dev.ibmesh.runtime.umad;

/**
 * Host-order fields of ibsim's control structures. ibsim and umad2sim copy C structs straight onto the socket, so
 * their integers are in the host's byte order; this implementation speaks the x86-64 (little-endian) layout, the one
 * Debian's {@code ibsim-utils} and {@code libumad2sim0} use on amd64 and arm64.
 */
final class LittleEndian {
    private LittleEndian() {}

    static int u8(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }

    static long u32(byte[] b, int off) {
        return (b[off] & 0xFFL) | (b[off + 1] & 0xFFL) << 8 | (b[off + 2] & 0xFFL) << 16 | (b[off + 3] & 0xFFL) << 24;
    }

    static long u64(byte[] b, int off) {
        return u32(b, off) | u32(b, off + 4) << 32;
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    static void put32(byte[] b, int off, long v) {
        for (int i = 0; i < 4; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    static void put64(byte[] b, int off, long v) {
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }
}
