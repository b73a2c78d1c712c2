package dev.ibmesh.cli;

import static java.util.stream.Collectors.joining;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The instructions of a Dockerfile's last stage (the image it builds), each with its arguments: continuation lines
 * joined, comments dropped, runs of blanks made one, an instruction given twice (ENV) joined with a blank. Enough
 * for the project's own Dockerfile, not a parser of every Dockerfile.
 */
record DockerfileStage(Map<String, String> instructions) {
    static DockerfileStage last(Path dockerfile) throws IOException {
        String joined = Files.readAllLines(dockerfile).stream()
                .filter(l -> !l.stripLeading().startsWith("#"))
                .collect(joining("\n"))
                .replace("\\\n", " ");
        Map<String, String> stage = new LinkedHashMap<>();
        for (String line : joined.split("\n")) {
            String[] instruction = line.strip().split("\\s+", 2);
            if (instruction[0].equals("FROM")) {
                stage.clear();
            } else if (instruction.length == 2) {
                stage.merge(instruction[0], instruction[1].replaceAll("\\s+", " "), (a, b) -> a + " " + b);
            }
        }
        return new DockerfileStage(Map.copyOf(stage));
    }

    /** The arguments of {@code instruction}; fails when the stage has none. */
    String get(String instruction) {
        return Optional.ofNullable(instructions.get(instruction))
                .orElseThrow(() -> new AssertionError("the Dockerfile's last stage has no " + instruction));
    }
}
