package dev.ibmesh.device.hca.verbs;

import java.util.Set;

/**
 * A registered memory region: {@code length} bytes of the HCA's memory seen at virtual address {@code va}, with an
 * L_Key for local access and an R_Key for remote access, and access flags (IBA 10.6). Atomics read and write 64-bit
 * values in little-endian order, as on the x86 hosts real HCAs sit in.
 */
public final class MemoryRegion {
    private final int handle;
    private final ProtectionDomain pd;
    private final long va;
    private final byte[] bytes;
    private final int lkey;
    private final int rkey;
    private final Set<Access> access;
    private boolean rkeyValid = true;

    MemoryRegion(int handle, ProtectionDomain pd, long va, int length, int lkey, int rkey, Set<Access> access) {
        this.handle = handle;
        this.pd = pd;
        this.va = va;
        this.bytes = new byte[length];
        this.lkey = lkey;
        this.rkey = rkey;
        this.access = Set.copyOf(access);
    }

    public int handle() {
        return handle;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    public long va() {
        return va;
    }

    public int length() {
        return bytes.length;
    }

    public int lkey() {
        return lkey;
    }

    public int rkey() {
        return rkey;
    }

    public Set<Access> access() {
        return access;
    }

    public boolean allows(Access a) {
        return access.contains(a);
    }

    /** False once a SEND with Invalidate named this R_Key: remote access is refused from then on. */
    public boolean rkeyValid() {
        return rkeyValid;
    }

    public void invalidateRkey() {
        rkeyValid = false;
    }

    /** Whether {@code [addr, addr + len)} lies inside the region. */
    public boolean contains(long addr, long len) {
        long off = addr - va;
        return len >= 0
                && Long.compareUnsigned(addr, va) >= 0
                && Long.compareUnsigned(off, bytes.length) <= 0
                && len <= bytes.length - off;
    }

    public void read(long addr, byte[] dst, int dstOff, int len) {
        System.arraycopy(bytes, offset(addr, len), dst, dstOff, len);
    }

    public void write(long addr, byte[] src, int srcOff, int len) {
        System.arraycopy(src, srcOff, bytes, offset(addr, len), len);
    }

    public long readLong(long addr) {
        int off = offset(addr, 8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (bytes[off + i] & 0xFF);
        }
        return v;
    }

    public void writeLong(long addr, long value) {
        int off = offset(addr, 8);
        for (int i = 0; i < 8; i++) {
            bytes[off + i] = (byte) (value >>> (8 * i));
        }
    }

    private int offset(long addr, long len) {
        if (!contains(addr, len)) {
            throw new IndexOutOfBoundsException(
                    String.format("[0x%x, +%d) is outside region [0x%x, +%d)", addr, len, va, bytes.length));
        }
        return (int) (addr - va);
    }
}
