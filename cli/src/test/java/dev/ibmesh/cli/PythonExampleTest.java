package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python client of examples/python against {@code ibmesh up} in a child JVM: its stubs generated from
 * fabric.proto alone (Debian's protoc and grpc_python_plugin, python3-grpcio), it pulls a cable through the control API
 * and puts it back, and checks with WatchEvents that both ends went down and trained again.
 */
class PythonExampleTest {
    @Test
    void aClientBuiltFromTheProtoFilesAlonePullsACableAndPutsItBack(@TempDir Path dir) throws Exception {
        OfedTools.require("protoc", "protobuf-compiler");
        OfedTools.require("grpc_python_plugin", "protobuf-compiler-grpc");
        CliProcess up = ExampleClient.startExampleFabric(dir);
        try {
            String target = ExampleClient.controlTarget(up);
            up.awaitLine("readiness", l -> l.startsWith("fabric ready"), CliProcess.STARTUP);
            // Debian's python3: the one its python3-grpcio and python3-protobuf packages install for.
            ExampleClient.Finished run = ExampleClient.run(
                    dir,
                    ExampleClient.ROOT.resolve("examples/python"),
                    "/usr/bin/python3",
                    "cable_pull.py",
                    target,
                    "h3/1");
            assertEquals(0, run.exit(), "the example:\n" + run.output());
            for (String line : List.of(
                    "6 links, 6 up",
                    "cable pulled from h3/1: down: both ends",
                    "cable put back into h3/1: trained again: both ends",
                    "OK")) {
                assertTrue(run.output().lines().anyMatch(line::equals), "no line '" + line + "' in:\n" + run.output());
            }
        } finally {
            up.stop();
        }
    }
}
