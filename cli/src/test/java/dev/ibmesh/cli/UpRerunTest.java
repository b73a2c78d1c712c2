package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh up} can be re-run safely: a second start of the same fabric is refused with the process that runs
 * it, and a stopped fabric leaves nothing behind (its ports free, its lock file gone), so it starts again.
 */
class UpRerunTest {
    @TempDir
    Path dir;

    @Test
    void aSecondStartIsRefusedAndAStoppedFabricLeavesNothingBehind() throws Exception {
        Path topology = Files.writeString(
                dir.resolve("pair.yaml"),
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: sw1, kind: switch, ports: 2}",
                        "  - {name: h1, kind: hca, ports: 1}",
                        "links:",
                        "  - ends: [sw1/1, h1/1]",
                        ""));
        String[] up = {"up", topology.toString(), "--http", "0", "--grpc", "0", "--no-umad"};
        CliProcess first = CliProcess.start("first up", Map.of(), up);
        int http;
        try {
            http = first.httpPort();
            first.awaitLine("fabric ready", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
            assertTrue(Files.exists(FabricLock.fileOf(topology, "")), "the running fabric holds its lock file");

            CliRun second = CliRun.of(up);
            assertEquals(Ibmesh.EXIT_BAD_INPUT, second.exit(), second.out() + second.err());
            assertTrue(second.err().contains("already runs here (pid "), second.err());
            assertTrue(second.err().contains(topology.toString()), second.err());
        } finally {
            first.stop();
        }
        assertFalse(Files.exists(FabricLock.fileOf(topology, "")), "the lock file went with the fabric");
        int port = http;
        assertThrows(ConnectException.class, () -> connect(port), "its HTTP port is free again");

        CliProcess again = CliProcess.start("second up", Map.of(), up);
        try {
            again.awaitLine("fabric ready", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
        } finally {
            again.stop();
        }
    }

    private static void connect(int port) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.getInputStream();
        }
    }
}
