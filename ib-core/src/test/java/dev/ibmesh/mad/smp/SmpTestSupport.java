package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HexFormat;

/** Test helpers for the SMP attribute codecs. */
final class SmpTestSupport {
    /** LRH 8 + BTH 12 + DETH 8: where the MAD starts in a LID-routed SMP packet. */
    static final int MAD_OFFSET = 28;
    /** Where the 64-byte SMP data starts inside a LID-routed SMP. */
    static final int SMP_DATA_OFFSET = 64;

    private SmpTestSupport() {}

    /** Parses hex that may contain white space (as in docs/test-vectors.md). */
    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replaceAll("\\s+", ""));
    }

    /** The 64 bytes of SMP data of a LID-routed SMP packet (LRH..VCRC) given as hex. */
    static byte[] smpData(String packetHex) {
        byte[] packet = hex(packetHex);
        int start = MAD_OFFSET + SMP_DATA_OFFSET;
        return Arrays.copyOfRange(packet, start, start + 64);
    }

    /** A copy of {@code record} with one component replaced, made through the canonical constructor. */
    static Record with(Record record, String component, Object value) throws Throwable {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        boolean found = false;
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            boolean replace = components[i].getName().equals(component);
            found |= replace;
            args[i] = replace ? value : components[i].getAccessor().invoke(record);
        }
        if (!found) {
            throw new AssertionError(
                    "no component " + component + " in " + record.getClass().getSimpleName());
        }
        Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
        try {
            return (Record) canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Asserts that replacing {@code component} of the valid {@code record} by {@code bad} is rejected with a
     * message naming the spec field {@code specName}, and that {@code good} is accepted (so the rejection is
     * about the value, not about the call).
     */
    static void assertRange(Record record, String component, Object good, Object bad, String specName)
            throws Throwable {
        with(record, component, good);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> with(record, component, bad));
        assertTrue(e.getMessage().contains(specName), () -> "message should name " + specName + ": " + e.getMessage());
    }
}
