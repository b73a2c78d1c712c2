package dev.ibmesh.wire;

/**
 * A link-level flow-control packet (6 bytes), sent per VL to advertise receive credits.
 *
 * <pre>
 *  bits 0-3 Op (0 normal, 1 flow-control init, others reserved) | bits 4-15 FCTBS (flow control total blocks sent)
 *  bits 16-19 VL | bits 20-31 FCCL (flow control credit limit)
 *  bytes 4-5 LPCRC
 * </pre>
 *
 * FCTBS and FCCL count 64-byte blocks modulo 4096. The LPCRC is computed here with the VCRC polynomial over
 * bytes 0-3 and written least-significant byte first like the VCRC. That is what the sources we have believe
 * (docs/test-vectors.md, LPCRC) but no public test vector exists: it is unverified against hardware.
 */
public record FlowControlPacket(int op, int fctbs, int vl, int fccl, int lpcrc) {
    public static final int SIZE = 6;
    public static final int OP_NORMAL = 0;
    public static final int OP_INIT = 1;
    public static final int MODULUS = 4096;

    public FlowControlPacket {
        Bits.checkRange("Op", op, 4);
        Bits.checkRange("FCTBS", fctbs, 12);
        Bits.checkRange("VL", vl, 4);
        Bits.checkRange("FCCL", fccl, 12);
        Bits.checkRange("LPCRC", lpcrc, 16);
    }

    /** A packet with the right LPCRC. */
    public static FlowControlPacket of(int op, int fctbs, int vl, int fccl) {
        byte[] b = new byte[SIZE];
        new FlowControlPacket(op, fctbs, vl, fccl, 0).encode(b, 0);
        return new FlowControlPacket(op, fctbs, vl, fccl, Vcrc.compute(b, 0, 4));
    }

    /** Decodes exactly 6 bytes; the caller checks the length (a link frame of any other size is malformed). */
    public static FlowControlPacket decode(byte[] b, int off) {
        return new FlowControlPacket(
                (b[off] >>> 4) & 0xF,
                Bits.u16(b, off) & 0xFFF,
                (b[off + 2] >>> 4) & 0xF,
                Bits.u16(b, off + 2) & 0xFFF,
                Vcrc.read(b, off + 4));
    }

    /** The VL of the packet at {@code off}, read in place. */
    public static int vl(byte[] b, int off) {
        return (b[off + 2] >>> 4) & 0xF;
    }

    public void encode(byte[] b, int off) {
        Bits.put16(b, off, (op << 12) | fctbs);
        Bits.put16(b, off + 2, (vl << 12) | fccl);
        Vcrc.write(b, off + 4, lpcrc);
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        encode(b, 0);
        return b;
    }

    /** True when the 6 bytes at {@code off} carry the LPCRC of their first four. */
    public static boolean isLpcrcValid(byte[] b, int off) {
        return Vcrc.compute(b, off, 4) == Vcrc.read(b, off + 4);
    }

    public String opName() {
        return switch (op) {
            case OP_NORMAL -> "FC";
            case OP_INIT -> "FC-INIT";
            default -> "FC-op" + op;
        };
    }
}
