package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** Helpers the topology tests share: test resources and the messages a failed parse gives. */
final class TopologyFiles {
    private TopologyFiles() {}

    static Path resource(String name) {
        try {
            return Path.of(TopologyFiles.class.getResource("/topology/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The user-facing examples; tests run in the module directory. */
    static Path example(String name) {
        return Path.of("..", "examples", "topologies", name);
    }

    static List<String> problems(Executable parse) {
        TopologyException e = assertThrows(TopologyException.class, parse);
        return e.problems().stream().map(TopologyProblem::toString).toList();
    }
}
