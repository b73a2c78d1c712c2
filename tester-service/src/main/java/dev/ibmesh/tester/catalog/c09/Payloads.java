package dev.ibmesh.tester.catalog.c09;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Payloads the Transport Tester sends and words it reads back: a payload has every byte the same marker, so where each
 * landed can be read back; a 64-bit word is as the host holds it. Atomics operate on, and return, 64-bit integers in
 * the host's byte order, little-endian on the hosts ibmesh emulates (as rxe does on x86).
 */
final class Payloads {
    private Payloads() {}

    static byte[] filled(int length, int marker) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) marker);
        return b;
    }

    /** {@code v} as the host stores it. */
    static byte[] hostOrder(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    /** The 64-bit word the first 8 bytes of {@code b} hold for the host. */
    static long hostWord(byte[] b) {
        return ByteBuffer.wrap(b, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    static String hex(long v) {
        return String.format("0x%016x", v);
    }
}
