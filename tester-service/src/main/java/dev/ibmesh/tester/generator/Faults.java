package dev.ibmesh.tester.generator;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** What the packet descriptions share about their lists of faults. */
final class Faults {
    /** Bytes a {@link Fault.Kind#TRUNCATE} or {@link Fault.Kind#EXCESS} fault without a value cuts or adds. */
    static final int DEFAULT_LENGTH_CHANGE = 4;

    private Faults() {}

    /** Throws when a fault does not apply to such a packet or a kind is given twice. */
    static void check(List<Fault> faults, boolean link, boolean iba, boolean global) {
        Set<Fault.Kind> seen = EnumSet.noneOf(Fault.Kind.class);
        for (Fault f : faults) {
            f.checkAppliesTo(link, iba, global);
            if (!seen.add(f.kind())) {
                throw new IllegalArgumentException("error " + f.kind().label() + " is given twice");
            }
        }
    }

    static boolean has(List<Fault> faults, Fault.Kind kind) {
        return faults.stream().anyMatch(f -> f.kind() == kind);
    }

    /**
     * The value of the fault of {@code kind}: {@code absent} when there is no such fault, its own value or
     * {@code otherwise} when there is.
     */
    static int value(List<Fault> faults, Fault.Kind kind, int absent, int otherwise) {
        return faults.stream()
                .filter(f -> f.kind() == kind)
                .findFirst()
                .map(f -> f.valueOr(otherwise))
                .orElse(absent);
    }
}
