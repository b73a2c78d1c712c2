package dev.ibmesh.device.hca.verbs;

/** Work completion status, with libibverbs {@code enum ibv_wc_status} names and values. */
public enum WcStatus {
    SUCCESS(0),
    LOC_LEN_ERR(1),
    LOC_QP_OP_ERR(2),
    LOC_PROT_ERR(4),
    WR_FLUSH_ERR(5),
    BAD_RESP_ERR(7),
    LOC_ACCESS_ERR(8),
    REM_INV_REQ_ERR(9),
    REM_ACCESS_ERR(10),
    REM_OP_ERR(11),
    RETRY_EXC_ERR(12),
    RNR_RETRY_EXC_ERR(13);

    private final int code;

    WcStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
