package dev.ibmesh.mad.smp;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * equals, hashCode and toString for the records of this package that hold byte arrays (a record's own compare
 * arrays by reference): two such records are equal when they encode to the same bytes, and print as a record does,
 * with arrays in hex and longs as 0x-prefixed hex. Stateless.
 */
final class ByteArrayRecords {
    private ByteArrayRecords() {}

    /** Whether {@code other} is a {@code self} of the same class with the same encoding. */
    static <T extends Record> boolean equal(T self, Object other, Function<T, byte[]> encoding) {
        if (other == null || other.getClass() != self.getClass()) {
            return false;
        }
        @SuppressWarnings("unchecked") // same class as self
        T that = (T) other;
        return Arrays.equals(encoding.apply(self), encoding.apply(that));
    }

    static <T extends Record> int hash(T self, Function<T, byte[]> encoding) {
        return Arrays.hashCode(encoding.apply(self));
    }

    /** {@code Name[component=value, ...]}, as a record prints, with byte arrays in hex. */
    static String toString(Record r) {
        StringJoiner s = new StringJoiner(", ", r.getClass().getSimpleName() + "[", "]");
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            s.add(c.getName() + "=" + text(value(c, r)));
        }
        return s.toString();
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c, e);
        }
    }

    private static String text(Object v) {
        if (v instanceof byte[] bytes) {
            return HexFormat.of().formatHex(bytes);
        }
        if (v instanceof Long l) {
            return "0x" + Long.toHexString(l);
        }
        return String.valueOf(v);
    }
}
