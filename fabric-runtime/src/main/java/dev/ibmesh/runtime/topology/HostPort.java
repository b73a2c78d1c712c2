package dev.ibmesh.runtime.topology;

import java.util.Locale;

/** A TCP address written {@code host:port} or {@code [v6-address]:port}. The host is kept in lower case. */
public record HostPort(String host, int port) {

    public HostPort {
        host = host.toLowerCase(Locale.ROOT);
        if (host.isEmpty() || port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + host + ":" + port + "' is not host:port with a port 1..65535");
        }
    }

    public static HostPort parse(String text) {
        int colon = text.lastIndexOf(':');
        String host = colon < 0 ? "" : text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            host = ""; // an IPv6 address needs brackets
        }
        String port = text.substring(colon + 1);
        if (host.isEmpty()
                || port.isEmpty()
                || port.length() > 5
                || !port.chars().allMatch(Character::isDigit)
                || Integer.parseInt(port) < 1
                || Integer.parseInt(port) > 65535) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not host:port (like localhost:7001 or [::1]:7001)" + " with a port 1..65535");
        }
        return new HostPort(host, Integer.parseInt(port));
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
