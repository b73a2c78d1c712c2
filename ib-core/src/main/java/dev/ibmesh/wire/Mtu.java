package dev.ibmesh.wire;

/** Path MTU codes as PortInfo.NeighborMTU / MTUCap and the QP path attributes use them. */
public enum Mtu {
    MTU_256(1, 256),
    MTU_512(2, 512),
    MTU_1024(3, 1024),
    MTU_2048(4, 2048),
    MTU_4096(5, 4096);

    /**
     * Headers plus CRCs can add at most 126 bytes (VCRC included) to a packet's payload (docs/wire-format.md,
     * Framing: [unverified]).
     */
    public static final int MAX_OVERHEAD_BYTES = 126;

    private final int code;
    private final int bytes;

    Mtu(int code, int bytes) {
        this.code = code;
        this.bytes = bytes;
    }

    public int code() {
        return code;
    }

    public int bytes() {
        return bytes;
    }

    /** The largest frame (LRH through VCRC) a port with this MTU accepts. */
    public int maxFrameBytes() {
        return bytes + MAX_OVERHEAD_BYTES;
    }

    public static Mtu ofCode(int code) {
        for (Mtu m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        throw new IllegalArgumentException("MTU code must be 1 (256) to 5 (4096), was " + code);
    }

    public static Mtu ofBytes(int bytes) {
        for (Mtu m : values()) {
            if (m.bytes == bytes) {
                return m;
            }
        }
        throw new IllegalArgumentException("MTU must be 256, 512, 1024, 2048 or 4096 bytes, was " + bytes);
    }
}
