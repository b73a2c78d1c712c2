package dev.ibmesh.device.hca.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.Deviations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's table of HCA deviations names every deviation a topology may give an HCA. */
class HcaDeviationReadmeTest {
    @Test
    void theReadmeListsEveryDeviation() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md")); // tests run in the module's directory
        for (String label : Deviations.labels(HcaDeviation.class)) {
            assertTrue(readme.contains("| `" + label + "` |"), "README.md has no row for " + label);
        }
    }
}
