package dev.ibmesh.device.hca.verbs;

/** The sizes a QP is created with (libibverbs {@code struct ibv_qp_cap}). */
public record QpCaps(int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData) {}
