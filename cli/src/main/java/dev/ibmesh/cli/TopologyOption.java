package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyException;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.topology.TopologyProblem;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads a topology file for a command, printing every problem in it as file:line:col. */
final class TopologyOption {
    private TopologyOption() {
    }

    /** The topology, or null after printing why it cannot be used. */
    static Topology load(Path file, PrintWriter err, String command) {
        if (!Files.isRegularFile(file)) {
            err.println("ibmesh " + command + ": " + file + ": no such file");
            return null;
        }
        try {
            // No device kind has deviations yet; the catalog grows with the switch and HCA.
            return TopologyLoader.load(file, DeviationCatalog.of(java.util.Map.of()));
        } catch (TopologyException e) {
            err.println("ibmesh " + command + ": " + file + " is not a valid topology:");
            for (TopologyProblem p : e.problems()) {
                err.println("  " + p);
            }
            return null;
        }
    }
}
