package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** P_Key matching (IBA 10.9.3). */
class PKeysTest {
    @ParameterizedTest(name = "packet 0x{0} against entry 0x{1}: {2}")
    @CsvSource({
        "FFFF, FFFF, true",
        "7FFF, FFFF, true",
        "FFFF, 7FFF, true",
        "7FFF, 7FFF, false", // two limited members never match
        "8001, FFFF, false", // another partition
        "8001, 0001, true",
        "0001, 8001, true",
        "0001, 0001, false",
        "8000, 8000, false", // base 0 is invalid, even full
        "0000, 0000, false",
        "0000, 8000, false",
        "8000, 0000, false"
    })
    void matching(String packet, String entry, boolean matches) {
        assertEquals(matches, PKeys.matches(Integer.parseInt(packet, 16), Integer.parseInt(entry, 16)));
    }

    @Test
    void indexInFindsTheFirstMatchingEntry() {
        List<Integer> table = List.of(0x0000, 0x7FFF, 0x8123, 0xFFFF);
        assertEquals(3, PKeys.indexIn(0x7FFF, table), "a limited member needs the full entry");
        assertEquals(1, PKeys.indexIn(0xFFFF, table), "a full member matches the limited entry first");
        assertEquals(2, PKeys.indexIn(0x0123, table));
        assertEquals(-1, PKeys.indexIn(0x8124, table));
        assertEquals(-1, PKeys.indexIn(0x8000, table), "an invalid P_Key matches no entry, not even 0x0000");
    }

    @Test
    void validity() {
        assertFalse(PKeys.isValid(0x0000));
        assertFalse(PKeys.isValid(0x8000));
        assertTrue(PKeys.isValid(0x0001));
        assertTrue(PKeys.isValid(0x7FFF));
    }

    @Test
    void membershipIsBit15AndBaseIsBits14To0() {
        assertTrue(PKeys.isFullMember(0xFFFF));
        assertEquals(0x7FFF, PKeys.base(0xFFFF));
        assertFalse(PKeys.isFullMember(0x7FFF));
        assertEquals(0x7FFF, PKeys.base(0x7FFF));
        assertTrue(PKeys.isFullMember(0x8001));
        assertEquals(1, PKeys.base(0x8001));
    }
}
