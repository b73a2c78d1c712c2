package dev.ibmesh.device.hca.verbs;

/** What a QP is created with (libibverbs {@code struct ibv_qp_init_attr}): handles of its PD and CQs. */
public record QpInitAttr(QpType type, int pd, int sendCq, int recvCq, QpCaps caps, boolean sqSigAll) {}
