package dev.ibmesh.device.hca.verbs;

/**
 * A work completion (libibverbs {@code struct ibv_wc}). {@code immData} is meaningful when {@code withImm};
 * {@code invalidatedRkey} when {@code withInv}; {@code srcQp}, {@code slid}, {@code sl}, {@code grh} on receive
 * completions.
 */
public record WorkCompletion(
        long wrId,
        WcStatus status,
        WcOpcode opcode,
        int qpNum,
        long byteLen,
        boolean withImm,
        int immData,
        boolean withInv,
        int invalidatedRkey,
        int srcQp,
        int slid,
        int sl,
        int pkeyIndex,
        boolean grh) {

    /** A send-side completion. */
    public static WorkCompletion send(long wrId, WcStatus status, WcOpcode opcode, int qpNum, long byteLen) {
        return new WorkCompletion(wrId, status, opcode, qpNum, byteLen, false, 0, false, 0, 0, 0, 0, 0, false);
    }

    /** A receive work request flushed or failed before any packet filled it. */
    public static WorkCompletion recvError(long wrId, WcStatus status, int qpNum) {
        return new WorkCompletion(wrId, status, WcOpcode.RECV, qpNum, 0, false, 0, false, 0, 0, 0, 0, 0, false);
    }
}
