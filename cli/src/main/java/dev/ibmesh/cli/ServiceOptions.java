package dev.ibmesh.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every service command shares: where its HTTP endpoint listens and where run-time captures go. */
final class ServiceOptions {
    @Option(
            names = "--http-host",
            paramLabel = "HOST",
            defaultValue = "127.0.0.1",
            description =
                    "Address for /metrics, /health and /capture. Default: ${DEFAULT-VALUE}; 0.0.0.0 in a container.")
    String httpHost;

    @Option(
            names = "--capture-dir",
            paramLabel = "DIR",
            defaultValue = "captures",
            description = "Where traces started through /capture/start go. Default: ${DEFAULT-VALUE}.")
    Path captureDir;

    @Option(
            names = "--pace",
            description = "Pace every link at its negotiated data rate (lanes x lane rate) instead of "
                    + "running as fast as the emulation can.")
    boolean pace;
}
