package dev.ibmesh.mad;

import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * A LID-routed SMP (management class 0x01).
 *
 * <pre>
 *  0-23   common MAD header
 *  24-31  M_Key
 *  32-63  reserved (32 bytes)
 *  64-127 SMP data (64 bytes: the attribute)
 *  128-255 reserved (128 bytes)
 * </pre>
 *
 * The byte arrays are owned by the record: {@link #decode} copies them out and {@link #encode} copies them in.
 */
public record Smp(MadHeader header, long mKey, byte[] reserved32, byte[] data, byte[] reserved128) {
    public static final int M_KEY_OFFSET = 24;
    public static final int DATA_OFFSET = 64;
    public static final int DATA_SIZE = 64;

    public Smp {
        checkLength("reserved32", reserved32, 32);
        checkLength("data", data, DATA_SIZE);
        checkLength("reserved128", reserved128, 128);
    }

    /** An SMP with zero reserved areas around {@code data}. */
    public static Smp of(MadHeader header, long mKey, byte[] data) {
        return new Smp(header, mKey, new byte[32], Arrays.copyOf(data, DATA_SIZE), new byte[128]);
    }

    public static Smp decode(Mad mad) {
        byte[] b = mad.toBytes();
        return new Smp(
                MadHeader.decode(b, 0),
                Bits.u64(b, M_KEY_OFFSET),
                Arrays.copyOfRange(b, 32, 64),
                Arrays.copyOfRange(b, DATA_OFFSET, DATA_OFFSET + DATA_SIZE),
                Arrays.copyOfRange(b, 128, 256));
    }

    public Mad encode() {
        byte[] b = new byte[Mad.SIZE];
        header.encode(b, 0);
        Bits.put64(b, M_KEY_OFFSET, mKey);
        System.arraycopy(reserved32, 0, b, 32, 32);
        System.arraycopy(data, 0, b, DATA_OFFSET, DATA_SIZE);
        System.arraycopy(reserved128, 0, b, 128, 128);
        return Mad.adopt(b);
    }

    static void checkLength(String field, byte[] a, int length) {
        if (a == null || a.length != length) {
            throw new IllegalArgumentException(
                    field + " must be " + length + " bytes, was " + (a == null ? "null" : a.length));
        }
    }
}
