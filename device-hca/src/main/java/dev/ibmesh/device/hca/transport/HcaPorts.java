package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.HcaPortView;

/**
 * The HCA's side of the wire, implemented by the device: the port attributes the transport addresses packets with,
 * transmission, and the violations the device counts in PortInfo (P_KeyViolations, Q_KeyViolations) and traps
 * (257, 258). All calls run on the device's event loop.
 */
public interface HcaPorts extends HcaPortView {
    /**
     * The VL data packets of service level {@code sl} leave on (the port's SL-to-VL table): VL15 when the table maps
     * the SL to no data VL ({@link dev.ibmesh.runtime.link.SlToVl#DROP}). No data packet ever leaves on VL15: the
     * {@link Outbox} discards such a packet ({@link #unmappedSl}).
     */
    int vl(int port, int sl);

    /**
     * Queues a frame (LRH through VCRC) on the port; false when the transmit queue is full, and then the device calls
     * {@link HcaTransport#onTransmitSpace} once there is room; also false when the port is not Active, which discards
     * the frame and counts it ({@link HcaPortView#isActive} tells the two apart). Must not deliver anything back synchronously.
     */
    boolean transmit(int port, byte[] frame);

    /**
     * A data packet was discarded at the sender because its SL maps to no data VL (IBA 7.6.6): the device counts it
     * (PortXmitDiscards).
     */
    void unmappedSl(int port);

    /** A data packet whose BTH P_Key does not match the QP's P_Key (PortInfo P_KeyViolations, trap 257). */
    void pKeyViolation(int port, byte[] frame);

    /** A UD packet whose DETH Q_Key does not match the QP's Q_Key (PortInfo Q_KeyViolations, trap 258). */
    void qKeyViolation(int port, byte[] frame);
}
