package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.UmadServerOptions;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The umad endpoint's options: where it listens and how long a program's request waits for its answer. */
class UmadOptionsTest {
    private static UmadServerOptions parse(String... args) {
        UmadOptions options = new UmadOptions();
        new CommandLine(options).parseArgs(args);
        return options.server(java.util.Optional.of(UmadServerOptions.DEFAULT_PORT))
                .orElseThrow();
    }

    @Test
    void theResponseTimeoutIsOneSecondUnlessGiven() {
        assertEquals(Duration.ofSeconds(1), parse().responseTimeout());
        assertEquals(Duration.ofMillis(250), parse("--umad-timeout", "250").responseTimeout());
        assertEquals(7071, parse("--umad-port", "7071").port());
    }

    @Test
    void aTimeoutOfZeroIsAUsageError() {
        CliRun zero = CliRun.of(
                "up",
                Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml")
                        .toString(),
                "--umad-timeout",
                "0");
        assertEquals(2, zero.exit(), zero::err);
        assertTrue(zero.err().contains("--umad-timeout") && zero.err().contains("must be 1 or more"), zero::err);
    }
}
