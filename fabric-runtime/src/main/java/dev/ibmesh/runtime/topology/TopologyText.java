package dev.ibmesh.runtime.topology;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a topology file as UTF-8; bytes that are not UTF-8 become U+FFFD, which the parsers then reject. */
final class TopologyText {
    private TopologyText() {}

    static String read(Path file) throws TopologyException {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TopologyException(List.of(
                    new TopologyProblem(String.valueOf(file.getFileName()), 0, 0, "cannot read the file: " + e)));
        }
    }
}
