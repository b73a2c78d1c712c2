package dev.ibmesh.text;

import java.lang.reflect.RecordComponent;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Prints every component of a record on one line, {@code name=value}: ints in decimal with hex for the wide
 * ones, longs in hex, byte arrays in hex ({@code zero(N)} when all N bytes are zero), nested records in braces. Used for the verbose trace view, so every field a
 * codec decodes is shown without a printer per header.
 */
public final class FieldDump {
    private FieldDump() {}

    public static String of(Record r) {
        return of(r, Set.of());
    }

    /** As {@link #of(Record)}, leaving out the named top-level components (shown elsewhere). */
    public static String of(Record r, Set<String> skip) {
        StringBuilder s = new StringBuilder();
        append(s, r, skip);
        return s.toString();
    }

    private static void append(StringBuilder s, Record r, Set<String> skip) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            if (skip.contains(c.getName())) {
                continue;
            }
            if (!s.isEmpty() && s.charAt(s.length() - 1) != '{') {
                s.append(' ');
            }
            s.append(c.getName()).append('=');
            appendValue(s, read(c, r));
        }
    }

    private static void appendValue(StringBuilder s, Object v) {
        if (v instanceof Record nested) {
            s.append('{');
            append(s, nested, Set.of());
            s.append('}');
        } else if (v instanceof byte[] bytes) {
            s.append(
                    bytes.length == 0
                            ? "(none)"
                            : isZero(bytes)
                                    ? "zero(" + bytes.length + ")"
                                    : HexFormat.of().formatHex(bytes));
        } else if (v instanceof Integer n && (n > 9 || n < 0)) {
            s.append(Integer.toUnsignedString(n)).append(String.format("(0x%X)", n));
        } else if (v instanceof Long n) {
            s.append(String.format("0x%016X", n));
        } else if (v instanceof List<?> list) {
            s.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    s.append(", ");
                }
                Object e = list.get(i);
                s.append(e.getClass().getSimpleName());
                appendValue(s, e);
            }
            s.append(']');
        } else {
            s.append(v);
        }
    }

    private static boolean isZero(byte[] bytes) {
        for (byte x : bytes) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static Object read(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "cannot read " + c.getName() + " of " + r.getClass().getSimpleName(), e);
        }
    }
}
