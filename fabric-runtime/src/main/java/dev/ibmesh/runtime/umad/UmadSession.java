package dev.ibmesh.runtime.umad;

import io.vertx.core.net.SocketAddress;

/**
 * One attached client: its slot (the client id, which also picks its data port: base + 1 + id), the two socket
 * addresses it uses, the port it is attached at and whether it holds the SM role there. Threading: owned by the
 * server's context.
 */
final class UmadSession {
    final int clientId;
    /** Where its control requests come from and the replies go (its ctl socket). */
    final SocketAddress controlAddress;
    /** Its data socket: the control sender's host and the port CONNECT announced (ibsim: {@code from} + info.id). */
    final String dataHost;

    final int dataPort;
    final UmadPort port;
    final int qp;
    boolean isSm;
    long lastHeardNanos;

    UmadSession(
            int clientId,
            SocketAddress controlAddress,
            String dataHost,
            int dataPort,
            UmadPort port,
            int qp,
            boolean isSm,
            long now) {
        this.clientId = clientId;
        this.controlAddress = controlAddress;
        this.dataHost = dataHost;
        this.dataPort = dataPort;
        this.port = port;
        this.qp = qp;
        this.isSm = isSm;
        this.lastHeardNanos = now;
    }

    boolean isDataAddress(SocketAddress a) {
        return a.port() == dataPort && dataHost.equals(a.hostAddress());
    }

    boolean isControlAddress(SocketAddress a) {
        return a.port() == controlAddress.port() && controlAddress.hostAddress().equals(a.hostAddress());
    }

    @Override
    public String toString() {
        return "client " + clientId + " at " + port.nodeName() + " port " + port.portNumber() + " (ctl "
                + controlAddress + ", data " + dataHost + ":" + dataPort + (isSm ? ", SM" : "") + ")";
    }
}
