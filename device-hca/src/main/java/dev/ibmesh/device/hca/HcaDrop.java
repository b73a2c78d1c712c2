package dev.ibmesh.device.hca;

/**
 * Why an HCA dropped a packet after its port's link layer had accepted it, or a MAD its host software sent: the
 * reasons of {@code ibmesh_hca_drops_total}. (What the ports drop is in {@code ibmesh_port_drops_total}; what a QP's
 * transport drops, in {@code ibmesh_qp_dropped_total}.)
 */
public enum HcaDrop {
    /**
     * SMPs QP0 dropped: the directed-route rules refused them, the transmit queue was full, or no host software took
     * one meant for it.
     */
    SMP,
    /** GMPs QP1 dropped: they could not leave (no VL for their SL, no such P_Key, a full queue) or nobody took them. */
    GMP,
    /** Data packets for a QP that does not exist. */
    UNKNOWN_QP,
    /** Data packets that are not IBA transport packets with a known opcode. */
    MALFORMED
}
