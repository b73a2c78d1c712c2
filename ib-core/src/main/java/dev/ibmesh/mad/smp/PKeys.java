package dev.ibmesh.mad.smp;

import java.util.List;

/**
 * P_Key matching (IBA 10.9.3), the one rule every receiver and every P_Key table lookup uses. A P_Key is a
 * membership bit (bit 15: 1 full, 0 limited) and a base (bits 14-0). Two P_Keys match when:
 * <ul>
 *   <li>their bases are equal, and</li>
 *   <li>at least one of them is a full member: two limited members never match (so 0x7FFF matches 0xFFFF, but not
 *       0x7FFF), and</li>
 *   <li>the base is not 0: 0x0000 and 0x8000 are invalid P_Keys and match nothing, not even themselves.</li>
 * </ul>
 */
public final class PKeys {
    private PKeys() {}

    /** Whether {@code packetPKey} (a BTH P_Key) matches the table entry {@code entry}. */
    public static boolean matches(int packetPKey, int entry) {
        int base = base(packetPKey);
        return base != 0 && base == base(entry) && (isFullMember(packetPKey) || isFullMember(entry));
    }

    /** The index of the first entry of {@code table} that {@code packetPKey} matches, or -1 when none does. */
    public static int indexIn(int packetPKey, List<Integer> table) {
        for (int i = 0; i < table.size(); i++) {
            if (matches(packetPKey, table.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code pKey} is usable at all: its base is not 0 (IBA 10.9.3). */
    public static boolean isValid(int pKey) {
        return base(pKey) != 0;
    }

    /** Membership type bit 15 of a P_Key: true for full membership, false for limited. */
    public static boolean isFullMember(int pKey) {
        return (pKey & PKeyTable.FULL_MEMBER) != 0;
    }

    /** Bits 14-0 of a P_Key. */
    public static int base(int pKey) {
        return pKey & PKeyTable.BASE_MASK;
    }
}
