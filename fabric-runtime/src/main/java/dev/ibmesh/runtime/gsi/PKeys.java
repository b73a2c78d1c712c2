package dev.ibmesh.runtime.gsi;

import java.util.List;

/**
 * P_Key matching (IBA 10.9.3): a packet's P_Key matches a table entry when their base values (bits 14-0) are equal
 * and not both are limited members (bit 15 clear in both). A base value of 0 is invalid and matches nothing
 * (C10-116).
 */
public final class PKeys {
    private static final int BASE = 0x7FFF;
    private static final int FULL_MEMBER = 0x8000;

    private PKeys() {}

    public static boolean matches(int packetPKey, int entry) {
        int base = packetPKey & BASE;
        return base != 0 && base == (entry & BASE) && ((packetPKey | entry) & FULL_MEMBER) != 0;
    }

    /** Whether some entry of {@code table} matches {@code packetPKey}. */
    public static boolean inTable(int packetPKey, List<Integer> table) {
        for (int entry : table) {
            if (matches(packetPKey, entry)) {
                return true;
            }
        }
        return false;
    }
}
