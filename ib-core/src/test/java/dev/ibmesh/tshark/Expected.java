package dev.ibmesh.tshark;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tshark field values one frame must show, and the normalisation of tshark's {@code -T fields} text: integers
 * come as decimal or {@code 0x} hex depending on the field's display base, booleans as 1/0 or True/False, byte
 * fields as hex with or without colons, GIDs as IPv6 text. Several occurrences of a field are joined by
 * {@link #AGGREGATOR}.
 */
final class Expected {
    /** The -E aggregator tshark puts between occurrences of one field. */
    static final char AGGREGATOR = '|';

    private final Map<String, Value> fields = new LinkedHashMap<>();

    /** One expected value: {@link #matches} gets tshark's text for the field (all occurrences). */
    sealed interface Value permits Numbers, Bytes, Text, Ipv6 {
        boolean matches(String tshark);

        String describe();
    }

    /** Unsigned integers, one per occurrence. */
    record Numbers(List<BigInteger> values) implements Value {
        @Override
        public boolean matches(String tshark) {
            List<String> parts = split(tshark);
            if (parts.size() != values.size()) {
                return false;
            }
            for (int i = 0; i < parts.size(); i++) {
                BigInteger v = parseNumber(parts.get(i));
                if (v == null || !v.equals(values.get(i))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String describe() {
            List<String> s = new ArrayList<>();
            for (BigInteger v : values) {
                s.add(v + " (0x" + v.toString(16) + ")");
            }
            return String.join(String.valueOf(AGGREGATOR), s);
        }
    }

    /** Byte strings, one per occurrence. */
    record Bytes(List<byte[]> values) implements Value {
        @Override
        public boolean matches(String tshark) {
            List<String> parts = split(tshark);
            if (parts.size() != values.size()) {
                return false;
            }
            for (int i = 0; i < parts.size(); i++) {
                String hex = parts.get(i).replace(":", "").toLowerCase(Locale.ROOT);
                if (!hex.equals(HexFormat.of().formatHex(values.get(i)))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String describe() {
            List<String> s = new ArrayList<>();
            values.forEach(b -> s.add(HexFormat.of().formatHex(b)));
            return String.join(String.valueOf(AGGREGATOR), s);
        }
    }

    record Text(String value) implements Value {
        @Override
        public boolean matches(String tshark) {
            return tshark.equals(value);
        }

        @Override
        public String describe() {
            return '"' + value + '"';
        }
    }

    /** A 16-byte GID that tshark shows as an IPv6 address. */
    record Ipv6(byte[] value) implements Value {
        @Override
        public boolean matches(String tshark) {
            if (!tshark.contains(":")) {
                return false;
            }
            try {
                // A literal is parsed, never looked up.
                return Arrays.equals(InetAddress.getByName(tshark).getAddress(), value);
            } catch (UnknownHostException e) {
                return false;
            }
        }

        @Override
        public String describe() {
            try {
                return InetAddress.getByAddress(value).getHostAddress();
            } catch (UnknownHostException e) {
                throw new AssertionError(e);
            }
        }
    }

    Expected num(String field, long unsignedValue) {
        return put(field, new Numbers(List.of(unsigned(unsignedValue))));
    }

    /** An int field: its 32 bits as an unsigned value. */
    Expected num(String field, int value) {
        return num(field, Integer.toUnsignedLong(value));
    }

    Expected flag(String field, boolean value) {
        return num(field, value ? 1 : 0);
    }

    /** One occurrence per value, in order. */
    Expected nums(String field, long... unsignedValues) {
        List<BigInteger> list = new ArrayList<>();
        for (long v : unsignedValues) {
            list.add(unsigned(v));
        }
        return put(field, new Numbers(list));
    }

    /** One occurrence per value, in order. */
    Expected bytes(String field, byte[]... values) {
        List<byte[]> list = new ArrayList<>();
        for (byte[] b : values) {
            list.add(b.clone());
        }
        return put(field, new Bytes(list));
    }

    Expected text(String field, String value) {
        return put(field, new Text(value));
    }

    Expected ipv6(String field, byte[] gid) {
        return put(field, new Ipv6(gid.clone()));
    }

    Map<String, Value> fields() {
        return fields;
    }

    private Expected put(String field, Value value) {
        if (fields.put(field, value) != null) {
            throw new IllegalStateException("field " + field + " expected twice");
        }
        return this;
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    static List<String> split(String tshark) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= tshark.length(); i++) {
            if (i == tshark.length() || tshark.charAt(i) == AGGREGATOR) {
                parts.add(tshark.substring(start, i));
                start = i + 1;
            }
        }
        return parts;
    }

    /** Decimal, 0x hex, True/False; null for anything else. */
    static BigInteger parseNumber(String s) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return new BigInteger(s.substring(2), 16);
            }
            if (s.equalsIgnoreCase("true")) {
                return BigInteger.ONE;
            }
            if (s.equalsIgnoreCase("false")) {
                return BigInteger.ZERO;
            }
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
