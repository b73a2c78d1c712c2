package dev.ibmesh.device.hca.verbs;

/** The attributes a modify-QP call carries (libibverbs {@code enum ibv_qp_attr_mask}, the ones this HCA supports). */
public enum QpAttrMask {
    STATE,
    CUR_STATE,
    ACCESS_FLAGS,
    PKEY_INDEX,
    PORT,
    QKEY,
    AV,
    PATH_MTU,
    TIMEOUT,
    RETRY_CNT,
    RNR_RETRY,
    RQ_PSN,
    MAX_QP_RD_ATOMIC,
    MIN_RNR_TIMER,
    SQ_PSN,
    MAX_DEST_RD_ATOMIC,
    DEST_QPN
}
