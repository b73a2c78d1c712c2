package dev.ibmesh.runtime.umad;

/**
 * A snapshot of one attached client, for health pages and logs ({@link UmadServer#clients()}).
 *
 * @param clientId       its slot; its data port on the server is the base port + 1 + clientId
 * @param node           the node name it is attached at ({@link UmadPort#nodeName()})
 * @param port           the port number there ({@link UmadPort#portNumber()})
 * @param controlAddress host:port of its control socket
 * @param dataAddress    host:port of its data socket
 * @param isSm           whether it holds the SM role on the port
 * @param silentMillis   how long since its last datagram
 */
public record UmadClient(
        int clientId,
        String node,
        int port,
        String controlAddress,
        String dataAddress,
        boolean isSm,
        long silentMillis) {}
