package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Transport;

/**
 * The operation part (low 5 bits) of BTH opcodes, classified as the transports need it (IBA table 38), and the
 * opcode a request packet takes by its place in the message.
 */
public final class Ops {
    public static final int SEND_FIRST = 0x00;
    public static final int SEND_MIDDLE = 0x01;
    public static final int SEND_LAST = 0x02;
    public static final int SEND_LAST_IMM = 0x03;
    public static final int SEND_ONLY = 0x04;
    public static final int SEND_ONLY_IMM = 0x05;
    public static final int WRITE_FIRST = 0x06;
    public static final int WRITE_MIDDLE = 0x07;
    public static final int WRITE_LAST = 0x08;
    public static final int WRITE_LAST_IMM = 0x09;
    public static final int WRITE_ONLY = 0x0A;
    public static final int WRITE_ONLY_IMM = 0x0B;
    public static final int READ_REQUEST = 0x0C;
    public static final int READ_RESPONSE_FIRST = 0x0D;
    public static final int READ_RESPONSE_MIDDLE = 0x0E;
    public static final int READ_RESPONSE_LAST = 0x0F;
    public static final int READ_RESPONSE_ONLY = 0x10;
    public static final int ACKNOWLEDGE = 0x11;
    public static final int ATOMIC_ACKNOWLEDGE = 0x12;
    public static final int COMPARE_SWAP = 0x13;
    public static final int FETCH_ADD = 0x14;
    public static final int SEND_LAST_INV = 0x16;
    public static final int SEND_ONLY_INV = 0x17;

    private Ops() {}

    public static int op(OpCode code) {
        return code.code() & 0x1F;
    }

    public static boolean isSend(int op) {
        return op <= SEND_ONLY_IMM || op == SEND_LAST_INV || op == SEND_ONLY_INV;
    }

    public static boolean isWrite(int op) {
        return op >= WRITE_FIRST && op <= WRITE_ONLY_IMM;
    }

    public static boolean isAtomic(int op) {
        return op == COMPARE_SWAP || op == FETCH_ADD;
    }

    public static boolean isReadResponse(int op) {
        return op >= READ_RESPONSE_FIRST && op <= READ_RESPONSE_ONLY;
    }

    /** Responses flow from responder to requester. */
    public static boolean isResponse(int op) {
        return op >= READ_RESPONSE_FIRST && op <= ATOMIC_ACKNOWLEDGE;
    }

    /** First or Only of a SEND or RDMA WRITE. */
    public static boolean startsMessage(int op) {
        return op == SEND_FIRST || op == WRITE_FIRST || endsAndStarts(op);
    }

    /** Last or Only of a SEND or RDMA WRITE. */
    public static boolean endsMessage(int op) {
        return op == SEND_LAST
                || op == SEND_LAST_IMM
                || op == SEND_LAST_INV
                || op == WRITE_LAST
                || op == WRITE_LAST_IMM
                || endsAndStarts(op);
    }

    private static boolean endsAndStarts(int op) {
        return op == SEND_ONLY
                || op == SEND_ONLY_IMM
                || op == SEND_ONLY_INV
                || op == WRITE_ONLY
                || op == WRITE_ONLY_IMM;
    }

    public static boolean hasImmediate(int op) {
        return op == SEND_LAST_IMM || op == SEND_ONLY_IMM || op == WRITE_LAST_IMM || op == WRITE_ONLY_IMM;
    }

    public static boolean hasInvalidate(int op) {
        return op == SEND_LAST_INV || op == SEND_ONLY_INV;
    }

    /** The SEND or RDMA WRITE opcode of {@code transport} (RC or UC) for a packet at this place in its message. */
    public static OpCode segment(Transport transport, WrOpcode wr, boolean first, boolean last) {
        int op;
        if (wr.isSend()) {
            op = first && last
                    ? onlyOrLast(wr, SEND_ONLY, SEND_ONLY_IMM, SEND_ONLY_INV)
                    : first ? SEND_FIRST : last ? onlyOrLast(wr, SEND_LAST, SEND_LAST_IMM, SEND_LAST_INV) : SEND_MIDDLE;
        } else {
            op = first && last
                    ? onlyOrLast(wr, WRITE_ONLY, WRITE_ONLY_IMM, -1)
                    : first ? WRITE_FIRST : last ? onlyOrLast(wr, WRITE_LAST, WRITE_LAST_IMM, -1) : WRITE_MIDDLE;
        }
        return OpCode.valueOf((transport == Transport.UC ? 0x20 : 0x00) | op);
    }

    private static int onlyOrLast(WrOpcode wr, int plain, int imm, int inv) {
        return wr == WrOpcode.SEND_WITH_INV ? inv : wr.hasImmediate() ? imm : plain;
    }
}
