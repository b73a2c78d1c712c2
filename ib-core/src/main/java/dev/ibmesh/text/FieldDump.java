package dev.ibmesh.text;

import java.lang.reflect.RecordComponent;
import java.util.HexFormat;
import java.util.List;

/**
 * Prints every component of a record on one line, {@code name=value}: ints and longs in decimal with hex for
 * the wide ones, byte arrays in hex, nested records in braces. Used for the verbose trace view, so every field a
 * codec decodes is shown without a printer per header.
 */
public final class FieldDump {
    private FieldDump() {
    }

    public static String of(Record r) {
        StringBuilder s = new StringBuilder();
        append(s, r);
        return s.toString();
    }

    private static void append(StringBuilder s, Record r) {
        RecordComponent[] components = r.getClass().getRecordComponents();
        for (int i = 0; i < components.length; i++) {
            if (i > 0) {
                s.append(' ');
            }
            s.append(components[i].getName()).append('=');
            appendValue(s, read(components[i], r));
        }
    }

    private static void appendValue(StringBuilder s, Object v) {
        if (v instanceof Record nested) {
            s.append('{');
            append(s, nested);
            s.append('}');
        } else if (v instanceof byte[] bytes) {
            s.append(bytes.length == 0 ? "(none)" : HexFormat.of().formatHex(bytes));
        } else if (v instanceof Integer n && (n > 9 || n < 0)) {
            s.append(n).append(String.format("(0x%X)", n));
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

    private static Object read(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass().getSimpleName(), e);
        }
    }
}
