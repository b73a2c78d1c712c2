package dev.ibmesh.device.hca.verbs;

/** Access flags of a memory region or a QP (libibverbs {@code IBV_ACCESS_*}, with their bit values). */
public enum Access {
    LOCAL_WRITE(1),
    REMOTE_WRITE(2),
    REMOTE_READ(4),
    REMOTE_ATOMIC(8);

    private final int bit;

    Access(int bit) {
        this.bit = bit;
    }

    public int bit() {
        return bit;
    }
}
