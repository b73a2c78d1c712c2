package dev.ibmesh.cli;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.sw.SwitchDeviation;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyException;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.topology.TopologyProblem;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Loads a topology file for a command, printing every problem in it as file:line:col. */
final class TopologyOption {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyOption.class);

    private TopologyOption() {}

    /** The topology, or null after printing why it cannot be used. */
    static Topology load(Path file, PrintWriter err, String command) {
        return load(file, err, command, false);
    }

    /** As above; {@code slice}: the file is one shard's slice ({@link TopologyLoader#loadSlice}). */
    static Topology load(Path file, PrintWriter err, String command, boolean slice) {
        if (!Files.isRegularFile(file)) {
            err.println("ibmesh " + command + ": " + file + ": no such file");
            return null;
        }
        try {
            DeviationCatalog catalog = DeviationCatalog.of(Map.of(
                    DeviceKind.SWITCH.label(),
                    Deviations.labels(SwitchDeviation.class),
                    DeviceKind.HCA.label(),
                    Deviations.labels(HcaDeviation.class)));
            Topology t = slice ? TopologyLoader.loadSlice(file, catalog) : TopologyLoader.load(file, catalog);
            LOG.info(
                    "topology {}: {} devices, {} links",
                    file,
                    t.devices().size(),
                    t.links().size());
            return t;
        } catch (TopologyException e) {
            err.println("ibmesh " + command + ": " + file + " is not a valid topology:");
            for (TopologyProblem p : e.problems()) {
                err.println("  " + p);
            }
            return null;
        }
    }
}
