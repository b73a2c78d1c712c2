package dev.ibmesh.tester.run;

import dev.ibmesh.runtime.umad.SimServerAddress;

/**
 * What {@code --target} names: DUTs the tester starts in this JVM, or a foreign device behind a MAD-only backend.
 */
public sealed interface TargetSpec {
    /** DUTs started here (the default). */
    record Embedded() implements TargetSpec {}

    /** The node at the other end of the tester's link, the tester attached at a node of a running ibsim. */
    record Ibsim(SimServerAddress server) implements TargetSpec {}

    String USAGE = "embedded, or ibsim:HOST:PORT,NODE (the tester attached at NODE of an ibsim on HOST:PORT)";

    /**
     * Parses {@code embedded} or {@code ibsim:HOST:PORT[,NODE]}.
     *
     * @throws UsageException naming what is wrong
     */
    static TargetSpec parse(String text) {
        if (text.equals("embedded")) {
            return new Embedded();
        }
        if (text.startsWith("ibsim:")) {
            try {
                return new Ibsim(SimServerAddress.parse(text.substring("ibsim:".length())));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--target " + text + ": " + e.getMessage());
            }
        }
        throw new UsageException("--target must be " + USAGE + "; was '" + text + "'");
    }
}
