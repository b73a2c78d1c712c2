package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.runtime.topology.SourcePosition;
import dev.ibmesh.runtime.topology.YamlMap;
import dev.ibmesh.runtime.topology.YamlSource;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import org.yaml.snakeyaml.nodes.Node;

/**
 * The kinds of value a scenario holds beyond what {@link YamlSource} reads: numbers up to 64 bits, durations, hex
 * bytes, and codes written as a name or a number. Each wrong value becomes a problem at its line and column.
 */
final class ScenarioValues {
    private final YamlSource source;

    ScenarioValues(YamlSource source) {
        this.source = source;
    }

    YamlSource source() {
        return source;
    }

    void problem(Node node, String message) {
        source.problem(node, message);
    }

    void problem(SourcePosition at, String message) {
        source.problems().add(at, message);
    }

    /** An unsigned number, decimal or 0x-hex, in [min, max] (max up to 2^64 - 1 as -1L: any 64-bit value). */
    OptionalLong number(Node node, String what, long min, long max) {
        Optional<String> text = source.text(node, what);
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        String t = text.get().strip().replace("_", "");
        boolean hex = t.toLowerCase(Locale.ROOT).startsWith("0x");
        long value;
        try {
            value = Long.parseUnsignedLong(hex ? t.substring(2) : t, hex ? 16 : 10);
        } catch (NumberFormatException e) {
            problem(
                    node,
                    what + " must be a number (decimal or 0x-hex), found '"
                            + text.get().strip() + "'");
            return OptionalLong.empty();
        }
        boolean anyLong = max == -1L;
        if (!anyLong && (Long.compareUnsigned(value, min) < 0 || Long.compareUnsigned(value, max) > 0)) {
            problem(node, what + " must be " + min + ".." + max + " (0x" + Long.toHexString(max) + "), not " + t);
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }

    /** {@link #number} of {@code key} when the mapping has it; {@code otherwise} when not. */
    long number(YamlMap m, String key, long min, long max, long otherwise) {
        return m.get(key)
                .map(n -> number(n, "'" + key + "'", min, max))
                .orElse(OptionalLong.of(otherwise))
                .orElse(otherwise);
    }

    /** A number of bits {@code bits} wide (up to 32), as an int. */
    int bits(YamlMap m, String key, int bits, int otherwise) {
        return (int) number(m, key, 0, (1L << bits) - 1, otherwise);
    }

    /** A 64-bit value. */
    long u64(YamlMap m, String key, long otherwise) {
        return number(m, key, 0, -1L, otherwise);
    }

    boolean bool(YamlMap m, String key, boolean otherwise) {
        return m.bool(key).orElse(otherwise);
    }

    /**
     * A duration: a number with a unit, {@code ns}, {@code us}, {@code ms} or {@code s} ({@code 250us}, {@code 1.5ms});
     * 0 needs none.
     */
    Optional<Duration> duration(Node node, String what) {
        Optional<String> text = source.text(node, what);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String t = text.get().strip().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return Optional.of(Duration.ZERO);
        }
        String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"s", "1000000000"}};
        for (String[] unit : units) {
            if (t.endsWith(unit[0])) {
                try {
                    double amount = Double.parseDouble(
                            t.substring(0, t.length() - unit[0].length()).strip());
                    double nanos = amount * Long.parseLong(unit[1]);
                    if (amount >= 0 && nanos <= Duration.ofHours(1).toNanos()) {
                        return Optional.of(Duration.ofNanos(Math.round(nanos)));
                    }
                } catch (NumberFormatException e) {
                    break;
                }
                problem(
                        node,
                        what + " must be between 0 and 1 hour, not '"
                                + text.get().strip() + "'");
                return Optional.empty();
            }
        }
        problem(
                node,
                what + " must be a duration with a unit (ns, us, ms, s), like 250us or 10ms; found '"
                        + text.get().strip() + "'");
        return Optional.empty();
    }

    /** Bytes written as hex digits, optionally 0x-prefixed, with spaces, colons or dashes between them. */
    Optional<byte[]> hex(Node node, String what) {
        Optional<String> text = source.text(node, what);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String t = text.get().strip();
        if (t.toLowerCase(Locale.ROOT).startsWith("0x")) {
            t = t.substring(2);
        }
        String digits = t.replaceAll("[\\s:-]", "");
        if (digits.length() % 2 != 0 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            problem(node, what + " must be hex bytes (pairs of hex digits, spaces allowed), found '" + t + "'");
            return Optional.empty();
        }
        return Optional.of(HexFormat.of().parseHex(digits));
    }

    /**
     * A code written as a number in [0, max] or as one of its names ({@code names} gives the name of each code, null
     * for codes without one, compared ignoring case); {@code hint} says which names there are.
     */
    OptionalLong code(Node node, String what, int max, IntFunction<String> names, String hint) {
        Optional<String> text = source.text(node, what);
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        String t = text.get().strip();
        if (!t.isEmpty() && Character.isDigit(t.charAt(0))) {
            return number(node, what, 0, max);
        }
        for (int code = 0; code <= max; code++) {
            String name = names.apply(code);
            if (name != null && name.equalsIgnoreCase(t)) {
                return OptionalLong.of(code);
            }
        }
        problem(node, what + " '" + t + "' is not known; use a number 0.." + max + " or " + hint);
        return OptionalLong.empty();
    }
}
