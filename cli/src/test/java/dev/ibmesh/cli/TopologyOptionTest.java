package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.sw.SwitchDeviation;
import dev.ibmesh.runtime.topology.Deviations;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands load topologies against the deviations the switch and the HCA really have. */
class TopologyOptionTest {
    @TempDir
    Path dir;

    @Test
    void anUnknownDeviationOfEachKindIsReportedAtItsPlaceWithTheKnownOnes() throws IOException {
        Path file = dir.resolve("fabric.yaml");
        Files.writeString(file, """
                devices:
                  - {name: s1, kind: switch, ports: 1, deviations: [ignore-m-key, no-rnr-nak]}
                  - {name: h1, kind: hca, ports: 1, deviations: [no-rnr-nak, ignore-m-key]}
                """);
        StringWriter err = new StringWriter();
        assertNull(TopologyOption.load(file, new PrintWriter(err, true), "up"));
        assertEquals(
                List.of(
                        "ibmesh up: " + file + " is not a valid topology:",
                        "  fabric.yaml:2:67: unknown deviation 'no-rnr-nak' for a switch; known: "
                                + String.join(", ", Deviations.labels(SwitchDeviation.class)),
                        "  fabric.yaml:3:62: unknown deviation 'ignore-m-key' for a hca; known: "
                                + String.join(", ", Deviations.labels(HcaDeviation.class))),
                err.toString().lines().toList());
    }
}
