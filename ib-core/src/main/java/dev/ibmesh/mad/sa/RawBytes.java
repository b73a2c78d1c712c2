package dev.ibmesh.mad.sa;

import java.util.HexFormat;

/** Checks and copies the fixed-length byte-array components of the SA records. */
final class RawBytes {
    private RawBytes() {}

    /** A copy of {@code a}, which must be {@code length} bytes; the message names {@code field}. */
    static byte[] copy(String field, byte[] a, int length) {
        if (a == null || a.length != length) {
            throw new IllegalArgumentException(
                    field + " must be " + length + " bytes, was " + (a == null ? "null" : a.length));
        }
        return a.clone();
    }

    static String hex(byte[] a) {
        return HexFormat.of().formatHex(a);
    }
}
