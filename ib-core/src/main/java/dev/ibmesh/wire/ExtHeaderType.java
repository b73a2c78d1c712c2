package dev.ibmesh.wire;

/** The kinds of extended transport header, with their sizes and decoders. */
public enum ExtHeaderType {
    /** Reliable Datagram ETH: reserved 8, EE-Context 24. */
    RDETH(4, Rdeth.class),
    /** Datagram ETH: Q_Key 32, reserved 8, SrcQP 24. */
    DETH(8, Deth.class),
    /** RDMA ETH: VA 64, R_Key 32, DMA Length 32. */
    RETH(16, Reth.class),
    /** Atomic ETH: VA 64, R_Key 32, Swap (or Add) Data 64, Compare Data 64. */
    ATOMIC_ETH(28, AtomicEth.class),
    /** ACK ETH: Syndrome 8, MSN 24. */
    AETH(4, Aeth.class),
    /** Atomic ACK ETH: Original Remote Data 64. */
    ATOMIC_ACK_ETH(8, AtomicAckEth.class),
    /** Immediate data, 32 bits, opaque. */
    IMM_DT(4, ImmDt.class),
    /** Invalidate ETH: the R_Key to invalidate. */
    IETH(4, Ieth.class);

    private final int size;
    private final Class<? extends ExtHeader> recordClass;

    ExtHeaderType(int size, Class<? extends ExtHeader> recordClass) {
        this.size = size;
        this.recordClass = recordClass;
    }

    public int size() {
        return size;
    }

    /** The record {@link #decode} returns. */
    public Class<? extends ExtHeader> recordClass() {
        return recordClass;
    }

    public ExtHeader decode(byte[] b, int off) {
        return switch (this) {
            case RDETH -> Rdeth.decode(b, off);
            case DETH -> Deth.decode(b, off);
            case RETH -> Reth.decode(b, off);
            case ATOMIC_ETH -> AtomicEth.decode(b, off);
            case AETH -> Aeth.decode(b, off);
            case ATOMIC_ACK_ETH -> AtomicAckEth.decode(b, off);
            case IMM_DT -> ImmDt.decode(b, off);
            case IETH -> Ieth.decode(b, off);
        };
    }
}
