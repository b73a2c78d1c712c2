package dev.ibmesh.device.hca.verbs;

/** QP states (IBA 10.3.1; libibverbs {@code enum ibv_qp_state}). */
public enum QpState {
    RESET,
    INIT,
    RTR,
    RTS,
    SQD,
    SQE,
    ERR;

    /** States in which the receive side processes inbound packets. */
    public boolean receives() {
        return this == RTR || this == RTS || this == SQD || this == SQE;
    }
}
