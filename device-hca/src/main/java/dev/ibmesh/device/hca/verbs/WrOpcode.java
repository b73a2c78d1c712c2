package dev.ibmesh.device.hca.verbs;

import java.util.EnumSet;
import java.util.Set;

/** Send work request opcode, with libibverbs {@code enum ibv_wr_opcode} names and values. */
public enum WrOpcode {
    RDMA_WRITE(0, WcOpcode.RDMA_WRITE),
    RDMA_WRITE_WITH_IMM(1, WcOpcode.RDMA_WRITE),
    SEND(2, WcOpcode.SEND),
    SEND_WITH_IMM(3, WcOpcode.SEND),
    RDMA_READ(4, WcOpcode.RDMA_READ),
    ATOMIC_CMP_AND_SWP(5, WcOpcode.COMP_SWAP),
    ATOMIC_FETCH_AND_ADD(6, WcOpcode.FETCH_ADD),
    SEND_WITH_INV(9, WcOpcode.SEND);

    private final int code;
    private final WcOpcode completion;

    WrOpcode(int code, WcOpcode completion) {
        this.code = code;
        this.completion = completion;
    }

    public int code() {
        return code;
    }

    /** The opcode of the work completion this request produces. */
    public WcOpcode completion() {
        return completion;
    }

    public boolean isAtomic() {
        return this == ATOMIC_CMP_AND_SWP || this == ATOMIC_FETCH_AND_ADD;
    }

    /** RDMA READ and the atomics: requests answered with data, limited by max_rd_atomic. */
    public boolean isReadOrAtomic() {
        return this == RDMA_READ || isAtomic();
    }

    public boolean isSend() {
        return this == SEND || this == SEND_WITH_IMM || this == SEND_WITH_INV;
    }

    public boolean hasImmediate() {
        return this == SEND_WITH_IMM || this == RDMA_WRITE_WITH_IMM;
    }

    /** IBA table 38: UD carries SEND (with and without immediate); UC adds RDMA WRITE; RC everything. */
    public static Set<WrOpcode> allowedOn(QpType type) {
        return switch (type) {
            case UD -> EnumSet.of(SEND, SEND_WITH_IMM);
            case UC -> EnumSet.of(SEND, SEND_WITH_IMM, RDMA_WRITE, RDMA_WRITE_WITH_IMM);
            case RC -> EnumSet.allOf(WrOpcode.class);
        };
    }
}
