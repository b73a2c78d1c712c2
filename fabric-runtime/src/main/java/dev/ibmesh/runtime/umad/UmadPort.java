package dev.ibmesh.runtime.umad;

import io.vertx.core.Future;

/**
 * What a device port offers the management software of its host (an HCA port, or switch port 0 where a managed
 * switch runs its SM): the view that ibsim's control messages query, a way for MADs to leave the port as real
 * packets, and a sink for the MADs that arrive for host software. {@link UmadServer} attaches ibsim clients
 * ({@code libumad2sim.so}) to it.
 *
 * <p>Threading: the server calls every method on its own Vert.x context. The identity methods ({@link #nodeName()},
 * {@link #nodeGuid()}, {@link #portGuid()}, {@link #portNumber()}) return fixed values and may be answered right
 * there. Everything else reads or changes device state: an implementation whose state lives on the device's context
 * must not touch it from the server's; it returns a future and completes it from its own context. The futures may
 * complete on any thread: the server hops back itself.
 */
public interface UmadPort {
    /**
     * The node name reported back in the CONNECT reply (ibsim: the node's id in the net file). At most 31 bytes of
     * UTF-8 are sent.
     */
    String nodeName();

    long nodeGuid();

    /** The GUID of this end port (CA port, or switch port 0). */
    long portGuid();

    /** 1..NumPorts for a CA port, 0 for switch port 0. */
    int portNumber();

    /**
     * NodeInfo (IBA 14.2.5.3, 40 bytes) as the node's SMA answers it on this port (LocalPortNum = this port, PortGUID
     * = this port's GUID). GET_NODEINFO and GET_VENDOR read it.
     */
    Future<byte[]> nodeInfo();

    /**
     * PortInfo (IBA 14.2.5.6, 64 bytes) of port {@code port} of this port's node, as the SMA answers it. The server
     * asks for this port's number, or for another port 1..NumPorts of the node (GET_PORTINFO with a port number).
     */
    Future<byte[]> portInfo(int port);

    /** P_Key table block 0 of this port (IBA 14.2.5.7: 32 P_Keys, 64 bytes big-endian). */
    Future<byte[]> pKeyTable();

    /**
     * Host software on this port takes ({@code true}) or gives up the SM role: set or clear CapabilityMask.IsSM in
     * this port's PortInfo (ibsim {@code set_issm}, which also sends trap 144 where the port is set up for it). The
     * server calls it when the first client claims the role and when the last holder gives it up or leaves.
     */
    Future<Void> setIsSm(boolean isSm);

    /**
     * A MAD from host software leaves this port as a real packet: QP0 on VL15 for SMPs (directed routes processed as
     * the originating node does, IBA 14.2.2), QP1 for GMPs. The future fails when the port cannot send it now
     * (port down, no route, ...): the server then gives the request back to the client with status 110 (ETIMEDOUT),
     * as ibsim does for a MAD it cannot deliver, so the client's call fails at once instead of timing out.
     */
    Future<Void> send(UmadMad mad);

    /**
     * Host software attaches: from now on the MADs that arrive for it go to {@code sink}. The server attaches one
     * sink per port, when the first client attaches to the port.
     */
    void attach(UmadSink sink);

    /** The last client left (or the server stopped): stop handing MADs to the sink. */
    void detach();
}
