package dev.ibmesh.runtime.topology;

import java.util.Optional;

/**
 * Where a device run as its own process serves /metrics and /health: a port, on the host the command line names
 * ({@code --http-host}), or a {@code host:port} of its own.
 */
public record HttpAddress(Optional<String> host, int port) {

    public HttpAddress {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
    }

    /** {@code 9101} or {@code host:9101} ({@code [v6-address]:9101}). */
    public static HttpAddress parse(String text) {
        try {
            if (!text.isEmpty() && text.length() <= 5 && text.chars().allMatch(Character::isDigit)) {
                return new HttpAddress(Optional.empty(), Integer.parseInt(text));
            }
            HostPort address = HostPort.parse(text);
            return new HttpAddress(Optional.of(address.host()), address.port());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a port 1..65535 or host:port (like 9101 or localhost:9101)", e);
        }
    }

    @Override
    public String toString() {
        return host.map(h -> new HostPort(h, port).toString()).orElse(Integer.toString(port));
    }
}
