package dev.ibmesh.mad;

import java.util.Arrays;

/**
 * One 256-byte MAD as it sits in a packet's payload. Immutable: the bytes are copied in and out.
 * Class-specific views ({@link Smp}, {@link DrSmp}, {@link dev.ibmesh.mad.pma.PmaMad}, {@link dev.ibmesh.mad.sa.SaMad}) decode the rest of the layout;
 * every one of them keeps reserved bytes, so decoding and re-encoding any 256 bytes gives the same 256 bytes.
 */
public final class Mad {
    public static final int SIZE = 256;

    private final byte[] bytes;

    private Mad(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * Wraps a copy of 256 bytes starting at {@code off}.
     *
     * @throws IllegalArgumentException when fewer than 256 bytes are available
     */
    public static Mad copyOf(byte[] b, int off, int len) {
        if (len < SIZE || off < 0 || off + SIZE > b.length) {
            throw new IllegalArgumentException(
                    "a MAD is " + SIZE + " bytes, only " + Math.max(0, Math.min(len, b.length - off)) + " available");
        }
        return new Mad(Arrays.copyOfRange(b, off, off + SIZE));
    }

    public static Mad copyOf(byte[] b) {
        return copyOf(b, 0, b.length);
    }

    static Mad adopt(byte[] b) {
        return new Mad(b);
    }

    public MadHeader header() {
        return MadHeader.decode(bytes, 0);
    }

    public MgmtClass mgmtClass() {
        return MgmtClass.valueOf(bytes[1]);
    }

    /** A copy of the 256 bytes. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** Copies the 256 bytes into {@code dst} at {@code off}. */
    public void copyTo(byte[] dst, int off) {
        System.arraycopy(bytes, 0, dst, off, SIZE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mad m && Arrays.equals(bytes, m.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        MadHeader h = header();
        return String.format(
                "Mad[%s %s attr=0x%04X mod=0x%08X status=0x%04X tid=0x%016X]",
                h.mgmtClass(),
                Method.name(h.method()),
                h.attributeId(),
                h.attributeModifier(),
                h.status(),
                h.transactionId());
    }
}
