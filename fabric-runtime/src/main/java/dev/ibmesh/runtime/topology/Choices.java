package dev.ibmesh.runtime.topology;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The allowed values of one PortInfo field: parses labels and masks, and words the error that lists what is
 * allowed ("link width '3x' is not one of 1x, 2x, 4x, 8x, 12x"). Every parser and writer goes through here.
 */
final class Choices<E extends Enum<E> & Coded> {
    private final Class<E> type;
    private final String what;

    Choices(Class<E> type, String what) {
        this.type = type;
        this.what = what;
    }

    /** One label, case-insensitive. */
    E parse(String text) {
        String t = text.strip();
        for (E e : type.getEnumConstants()) {
            if (e.label().equalsIgnoreCase(t)) {
                return e;
            }
        }
        throw new IllegalArgumentException(what + " '" + t + "' is not one of " + labels());
    }

    /** Labels separated by commas ("1x,4x"). */
    Set<E> parseList(String text) {
        EnumSet<E> set = EnumSet.noneOf(type);
        for (String part : text.split(",")) {
            set.add(parse(part));
        }
        return Collections.unmodifiableSet(set);
    }

    /** A PortInfo mask (LinkWidthEnabled and the like). */
    Set<E> fromMask(int mask) {
        EnumSet<E> set = EnumSet.noneOf(type);
        int left = mask;
        for (E e : type.getEnumConstants()) {
            if ((mask & e.code()) != 0) {
                set.add(e);
                left &= ~e.code();
            }
        }
        if (left != 0 || mask < 0) {
            throw new IllegalArgumentException(what + " mask " + mask + " has bits that are not " + labels());
        }
        return Collections.unmodifiableSet(set);
    }

    Optional<E> ofCode(int code) {
        for (E e : type.getEnumConstants()) {
            if (e.code() == code) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    String labels() {
        return EnumSet.allOf(type).stream().map(Coded::label).collect(Collectors.joining(", "));
    }

    Set<E> copy(Collection<E> values) {
        return Collections.unmodifiableSet(values.isEmpty() ? EnumSet.noneOf(type) : EnumSet.copyOf(values));
    }

    static int mask(Set<? extends Coded> values) {
        return values.stream().mapToInt(Coded::code).reduce(0, (a, b) -> a | b);
    }

    /** Labels in declaration order, comma-separated: the inverse of {@link #parseList}. */
    static <E extends Enum<E> & Coded> String text(Set<E> values) {
        return values.stream().sorted().map(Coded::label).collect(Collectors.joining(","));
    }
}
