package dev.ibmesh.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Options every service command shares: where its HTTP endpoint listens and where run-time captures go. */
final class ServiceOptions {
    static final String DEFAULT_HTTP_HOST = "127.0.0.1";

    @Option(
            names = "--http-host",
            paramLabel = "HOST",
            description = "Address for /metrics, /health and /capture. Default: the host of the device's http in the "
                    + "topology, else " + DEFAULT_HTTP_HOST + "; 0.0.0.0 in a container.")
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

    /** {@code --http-host} when given, else the topology's host, else {@value #DEFAULT_HTTP_HOST}. */
    String httpHostOr(Optional<String> fromTopology) {
        return httpHost != null ? httpHost : fromTopology.orElse(DEFAULT_HTTP_HOST);
    }
}
