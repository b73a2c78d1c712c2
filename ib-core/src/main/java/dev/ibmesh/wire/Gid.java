package dev.ibmesh.wire;

/** A 128-bit GID: a 64-bit subnet prefix and a 64-bit interface ID (for a port, its port GUID). */
public record Gid(long prefix, long interfaceId) {
    public static final int SIZE = 16;
    public static final long DEFAULT_SUBNET_PREFIX = 0xFE80000000000000L;

    public static Gid decode(byte[] b, int off) {
        return new Gid(Bits.u64(b, off), Bits.u64(b, off + 8));
    }

    public void encode(byte[] b, int off) {
        Bits.put64(b, off, prefix);
        Bits.put64(b, off + 8, interfaceId);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            long word = i < 4 ? prefix >>> (48 - 16 * i) : interfaceId >>> (48 - 16 * (i - 4));
            if (i > 0) {
                s.append(':');
            }
            s.append(String.format("%04x", word & 0xFFFF));
        }
        return s.toString();
    }
}
