package dev.ibmesh.runtime.umad;

import java.nio.charset.StandardCharsets;

/**
 * Where an ibsim-protocol server is and which node to attach at: what {@code IBSIM_SERVER_NAME},
 * {@code IBSIM_SERVER_PORT} and {@code SIM_HOST} say to libumad2sim, written {@code HOST:PORT,NODE}. The node may be
 * left out ({@code HOST:PORT}): the server then attaches the client at its default node, as ibsim does for an empty
 * SIM_HOST. The server is ibsim itself or an ibmesh umad endpoint.
 *
 * @param host the server's host name or address
 * @param port the control port (ibsim's {@code -l}, 7070 by default); the server's data ports follow it
 * @param node the node name (ibsim's net file name, an ibmesh device name), or empty
 */
public record SimServerAddress(String host, int port, String node) {
    public SimServerAddress {
        if (host.isBlank()) {
            throw new IllegalArgumentException("the ibsim host is empty");
        }
        if (port < 1 || port > 0xFFFF - 11) {
            throw new IllegalArgumentException("the ibsim port must be 1.." + (0xFFFF - 11) + ", was " + port);
        }
        if (node.getBytes(StandardCharsets.UTF_8).length > SimClientInfo.NODE_ID_SIZE - 1) {
            throw new IllegalArgumentException(
                    "an ibsim node name is at most " + (SimClientInfo.NODE_ID_SIZE - 1) + " bytes: '" + node + "'");
        }
    }

    /**
     * Parses {@code HOST:PORT,NODE} or {@code HOST:PORT}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static SimServerAddress parse(String text) {
        int comma = text.indexOf(',');
        String hostPort = comma < 0 ? text : text.substring(0, comma);
        String node = comma < 0 ? "" : text.substring(comma + 1);
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not HOST:PORT[,NODE] (for instance localhost:7070,h1)");
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the port of '" + text + "' is not a number");
        }
        if (comma >= 0 && node.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' names no node after the comma");
        }
        return new SimServerAddress(hostPort.substring(0, colon), port, node);
    }

    @Override
    public String toString() {
        return host + ":" + port + (node.isEmpty() ? "" : "," + node);
    }
}
