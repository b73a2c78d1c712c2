package dev.ibmesh.cli;

import dev.ibmesh.runtime.umad.UmadServerOptions;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where the umad endpoint (ibsim's client protocol, for OpenSM and infiniband-diags) listens, or that it does not. */
final class UmadOptions {
    @Option(
            names = "--umad-port",
            paramLabel = "PORT",
            description =
                    "UDP port of the umad endpoint: run OpenFabrics tools with ibsim-run, IBSIM_SERVER_NAME=HOST, "
                            + "IBSIM_SERVER_PORT=PORT and SIM_HOST=<device>[@port]. It also takes the next 10 ports, one "
                            + "per client. Default for up: 7070 (ibsim's); device serves it only when given.")
    Integer port;

    @Option(
            names = "--umad-host",
            paramLabel = "HOST",
            defaultValue = "127.0.0.1",
            description = "Address of the umad endpoint. Default: ${DEFAULT-VALUE}; 0.0.0.0 in a container.")
    String host;

    @Option(names = "--no-umad", description = "Do not serve the umad endpoint.")
    boolean off;

    @Option(
            names = "--umad-timeout",
            paramLabel = "MS",
            defaultValue = "1000",
            converter = ServiceOptions.Positive.class,
            description = "A program's request with no answer within this many milliseconds goes back to it with"
                    + " status 110 (ETIMEDOUT), as the kernel completes a send that timed out: a MAD lost on a lossy"
                    + " link or discarded for its M_Key. Default: ${DEFAULT-VALUE}.")
    int timeoutMillis;

    /**
     * The server options, or empty when the endpoint is off: with {@code --no-umad}, or when no port was given and
     * the command has no default (several {@code ibmesh device} processes on one host must not all take 7070).
     */
    Optional<UmadServerOptions> server(Optional<Integer> defaultPort) {
        Optional<Integer> chosen = Optional.ofNullable(port).or(() -> defaultPort);
        if (off || chosen.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(UmadServerOptions.defaults()
                .withHost(host)
                .withPort(chosen.get())
                .withResponseTimeout(Duration.ofMillis(timeoutMillis)));
    }
}
