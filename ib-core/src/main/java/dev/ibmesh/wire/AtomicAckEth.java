package dev.ibmesh.wire;

/** Atomic ACK ETH (8 bytes): the original remote data, the value at the target before the atomic operation. */
public record AtomicAckEth(long originalRemoteData) implements ExtHeader {
    public static AtomicAckEth decode(byte[] b, int off) {
        return new AtomicAckEth(Bits.u64(b, off));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, originalRemoteData);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.ATOMIC_ACK_ETH;
    }
}
