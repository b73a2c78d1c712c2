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
            description =
                    "Address for /metrics, /health, /capture and the gRPC control API. Default: the host of the device's http in the "
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

    @Option(
            names = "--event-loops",
            paramLabel = "N",
            defaultValue = "0",
            converter = NonNegative.class,
            description = "Event-loop threads the devices share (each device runs on one). Fewer loops mean fewer"
                    + " thread hand-offs on a packet's way through the fabric (lower latency: an SM's sweep is"
                    + " faster); more loops spread the devices over more cores (more total throughput). Default: 1 when"
                    + " the JVM runs several devices (ibmesh up), else the number of cores (0 = that default).")
    int eventLoops;

    /** {@code --event-loops} when given, else {@code byDefault}. */
    int eventLoopsOr(int byDefault) {
        return eventLoops > 0 ? eventLoops : byDefault;
    }

    /** Refuses a count below {@code min} with a usage error (exit 2), as picocli does for any bad option value. */
    abstract static class AtLeast implements picocli.CommandLine.ITypeConverter<Integer> {
        private final int min;

        AtLeast(int min) {
            this.min = min;
        }

        @Override
        public Integer convert(String value) {
            int n = Integer.parseInt(value);
            if (n < min) {
                throw new picocli.CommandLine.TypeConversionException("must be " + min + " or more, was " + n);
            }
            return n;
        }
    }

    /** A count of 0 or more. */
    static final class NonNegative extends AtLeast {
        NonNegative() {
            super(0);
        }
    }

    /** A count of 1 or more. */
    static final class Positive extends AtLeast {
        Positive() {
            super(1);
        }
    }

    /** {@code --http-host} when given, else the topology's host, else {@value #DEFAULT_HTTP_HOST}. */
    String httpHostOr(Optional<String> fromTopology) {
        return httpHost != null ? httpHost : fromTopology.orElse(DEFAULT_HTTP_HOST);
    }
}
