package dev.ibmesh.device.hca.verbs;

/** Work completion opcode, with libibverbs {@code enum ibv_wc_opcode} names and values. */
public enum WcOpcode {
    SEND(0),
    RDMA_WRITE(1),
    RDMA_READ(2),
    COMP_SWAP(3),
    FETCH_ADD(4),
    RECV(128),
    RECV_RDMA_WITH_IMM(129);

    private final int code;

    WcOpcode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
