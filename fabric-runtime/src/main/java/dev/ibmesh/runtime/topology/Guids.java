package dev.ibmesh.runtime.topology;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** EUI-64 GUIDs: parsing, printing, and the stable GUID a device gets from its name. */
public final class Guids {
    /** Top byte 0x02: the EUI-64 "locally administered" bit, so derived GUIDs never clash with a vendor's. */
    private static final long LOCAL = 0x02L << 56;

    private Guids() {}

    /**
     * The node GUID a device named {@code name} gets when the file gives none: 48 bits of SHA-256 of the name between
     * the locally administered top byte and a zero low byte, so port GUIDs (node GUID + port) stay inside it.
     */
    public static long derive(String name) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(("ibmesh:" + name).getBytes(StandardCharsets.UTF_8));
            long bits = 0;
            for (int i = 0; i < 6; i++) {
                bits = bits << 8 | (h[i] & 0xFF);
            }
            return LOCAL | bits << 8;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** "0x" and 1 to 16 hex digits; 0 is not a GUID. */
    public static long parse(String text) {
        String t = text.strip();
        if (t.length() < 3
                || t.length() > 18
                || !(t.startsWith("0x") || t.startsWith("0X"))
                || !t.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IllegalArgumentException("GUID '" + t + "' is not 0x followed by 1 to 16 hex digits");
        }
        long guid = Long.parseUnsignedLong(t.substring(2), 16);
        if (guid == 0) {
            throw new IllegalArgumentException("GUID 0 is not allowed");
        }
        return guid;
    }

    /** "0x0002c90200400ad0". */
    public static String format(long guid) {
        return "0x" + HexFormat.of().toHexDigits(guid);
    }
}
