package dev.ibmesh.device.hca.verbs;

import java.util.List;

/**
 * A send work request (libibverbs {@code struct ibv_send_wr}). {@code inlineData} non-null makes it an inline request:
 * the bytes are taken at post time and {@code sgList} must be empty. {@code remoteAddr}/{@code rkey} serve RDMA and
 * atomics; {@code compareAdd}/{@code swap} the atomics; {@code ud} the destination of a UD send.
 */
public record SendWr(
        long wrId,
        WrOpcode opcode,
        List<Sge> sgList,
        byte[] inlineData,
        boolean signaled,
        boolean solicited,
        int immData,
        int invalidateRkey,
        long remoteAddr,
        int rkey,
        long compareAdd,
        long swap,
        UdDestination ud) {
    public SendWr {
        sgList = List.copyOf(sgList);
        inlineData = inlineData == null ? null : inlineData.clone();
    }

    /** The destination of a UD send: an address vector, the remote QPN and the remote Q_Key. */
    public record UdDestination(AddressVector av, int remoteQpn, int remoteQkey) {}

    public boolean isInline() {
        return inlineData != null;
    }

    /**
     * The message length: the inline bytes or the sum of the SGE lengths. A loop, not a stream: the transports ask for
     * it for every packet they send.
     */
    public long length() {
        if (isInline()) {
            return inlineData.length;
        }
        long n = 0;
        for (Sge s : sgList) {
            n += s.length();
        }
        return n;
    }

    public static Builder builder(long wrId, WrOpcode opcode) {
        return new Builder(wrId, opcode);
    }

    /** Builds a request field by field; signaled by default. */
    public static final class Builder {
        private final long wrId;
        private final WrOpcode opcode;
        private List<Sge> sgList = List.of();
        private byte[] inlineData;
        private boolean signaled = true;
        private boolean solicited;
        private int immData;
        private int invalidateRkey;
        private long remoteAddr;
        private int rkey;
        private long compareAdd;
        private long swap;
        private UdDestination ud;

        private Builder(long wrId, WrOpcode opcode) {
            this.wrId = wrId;
            this.opcode = opcode;
        }

        public Builder sge(Sge... sges) {
            this.sgList = List.of(sges);
            return this;
        }

        public Builder inline(byte[] data) {
            this.inlineData = data;
            return this;
        }

        public Builder signaled(boolean s) {
            this.signaled = s;
            return this;
        }

        public Builder solicited(boolean s) {
            this.solicited = s;
            return this;
        }

        public Builder imm(int data) {
            this.immData = data;
            return this;
        }

        public Builder invalidate(int key) {
            this.invalidateRkey = key;
            return this;
        }

        public Builder remote(long addr, int key) {
            this.remoteAddr = addr;
            this.rkey = key;
            return this;
        }

        public Builder atomic(long compareOrAdd, long swapValue) {
            this.compareAdd = compareOrAdd;
            this.swap = swapValue;
            return this;
        }

        public Builder ud(AddressVector av, int remoteQpn, int remoteQkey) {
            this.ud = new UdDestination(av, remoteQpn, remoteQkey);
            return this;
        }

        public SendWr build() {
            return new SendWr(
                    wrId,
                    opcode,
                    sgList,
                    inlineData,
                    signaled,
                    solicited,
                    immData,
                    invalidateRkey,
                    remoteAddr,
                    rkey,
                    compareAdd,
                    swap,
                    ud);
        }
    }
}
