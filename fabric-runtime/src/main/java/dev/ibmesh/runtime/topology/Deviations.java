package dev.ibmesh.runtime.topology;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Deviation names to deviations, with one rule for a name nobody knows: it is rejected, with a message that names
 * the kind of device and lists the names it knows. The topology parser reports that message at the name's place in
 * the file; a device given an unknown name directly (not through a topology) refuses to start with it. Stateless.
 */
public final class Deviations {
    private Deviations() {}

    /** Every name of the deviations of {@code type}, sorted. */
    public static <E extends Enum<E> & Deviation> SortedSet<String> labels(Class<E> type) {
        SortedSet<String> all = new TreeSet<>();
        for (E d : type.getEnumConstants()) {
            all.add(d.label());
        }
        return all;
    }

    /**
     * The deviations of {@code type} with these names.
     *
     * @throws IllegalArgumentException for a name {@code type} does not have, with {@link #unknown}'s message
     */
    public static <E extends Enum<E> & Deviation> Set<E> of(DeviceKind kind, Class<E> type, Collection<String> names) {
        Set<E> set = EnumSet.noneOf(type);
        for (String name : names) {
            set.add(find(type, name)
                    .orElseThrow(() -> new IllegalArgumentException(unknown(kind.label(), name, labels(type)))));
        }
        return set;
    }

    /** What is wrong with the deviation {@code name} for a {@code kind} that knows only {@code known}. */
    public static String unknown(String kind, String name, Collection<String> known) {
        return "unknown deviation '" + name + "' for a " + kind + "; "
                + (known.isEmpty() ? "none are known" : "known: " + String.join(", ", new TreeSet<>(known)));
    }

    private static <E extends Enum<E> & Deviation> Optional<E> find(Class<E> type, String name) {
        for (E d : type.getEnumConstants()) {
            if (d.label().equals(name)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
