package dev.ibmesh.wire;

import static dev.ibmesh.wire.ExtHeaderType.AETH;
import static dev.ibmesh.wire.ExtHeaderType.ATOMIC_ACK_ETH;
import static dev.ibmesh.wire.ExtHeaderType.ATOMIC_ETH;
import static dev.ibmesh.wire.ExtHeaderType.DETH;
import static dev.ibmesh.wire.ExtHeaderType.IETH;
import static dev.ibmesh.wire.ExtHeaderType.IMM_DT;
import static dev.ibmesh.wire.ExtHeaderType.RDETH;
import static dev.ibmesh.wire.ExtHeaderType.RETH;

import java.util.ArrayList;
import java.util.List;

/**
 * A BTH OpCode. An open enum in the style of Netty's {@code DnsOpCode}: {@link #valueOf(int)} returns a value for every
 * byte, and the ones the IBA defines for RC, UC, RD and UD (IBA table 38; docs/wire-format.md, Opcodes) know their
 * name, the extended headers they carry in wire order, and whether a payload follows. Unknown opcodes carry no known
 * headers; everything after their BTH is payload.
 */
public final class OpCode {
    private static final OpCode[] ALL = new OpCode[256];

    /** Operation (low 5 bits) names and the headers each carries on RC, in IBA order. */
    private enum Operation {
        SEND_FIRST(0x00, true),
        SEND_MIDDLE(0x01, true),
        SEND_LAST(0x02, true),
        SEND_LAST_WITH_IMMEDIATE(0x03, true, IMM_DT),
        SEND_ONLY(0x04, true),
        SEND_ONLY_WITH_IMMEDIATE(0x05, true, IMM_DT),
        RDMA_WRITE_FIRST(0x06, true, RETH),
        RDMA_WRITE_MIDDLE(0x07, true),
        RDMA_WRITE_LAST(0x08, true),
        RDMA_WRITE_LAST_WITH_IMMEDIATE(0x09, true, IMM_DT),
        RDMA_WRITE_ONLY(0x0A, true, RETH),
        RDMA_WRITE_ONLY_WITH_IMMEDIATE(0x0B, true, RETH, IMM_DT),
        RDMA_READ_REQUEST(0x0C, false, RETH),
        RDMA_READ_RESPONSE_FIRST(0x0D, true, AETH),
        RDMA_READ_RESPONSE_MIDDLE(0x0E, true),
        RDMA_READ_RESPONSE_LAST(0x0F, true, AETH),
        RDMA_READ_RESPONSE_ONLY(0x10, true, AETH),
        ACKNOWLEDGE(0x11, false, AETH),
        ATOMIC_ACKNOWLEDGE(0x12, false, AETH, ATOMIC_ACK_ETH),
        COMPARE_SWAP(0x13, false, ATOMIC_ETH),
        FETCH_ADD(0x14, false, ATOMIC_ETH),
        RESYNC(0x15, false),
        SEND_LAST_WITH_INVALIDATE(0x16, true, IETH),
        SEND_ONLY_WITH_INVALIDATE(0x17, true, IETH);

        final int code;
        final boolean payload;
        final ExtHeaderType[] headers;

        Operation(int code, boolean payload, ExtHeaderType... headers) {
            this.code = code;
            this.payload = payload;
            this.headers = headers;
        }

        /** Responses (read responses and acknowledgements) flow from responder to requester. */
        boolean isResponse() {
            return code >= 0x0D && code <= 0x12;
        }
    }

    static {
        // Before the constants below, which look their values up in this table.
        for (int code = 0; code < 256; code++) {
            ALL[code] = define(code);
        }
    }

    public static final OpCode RC_SEND_FIRST = valueOf(0x00);
    public static final OpCode RC_SEND_MIDDLE = valueOf(0x01);
    public static final OpCode RC_SEND_LAST = valueOf(0x02);
    public static final OpCode RC_SEND_LAST_WITH_IMMEDIATE = valueOf(0x03);
    public static final OpCode RC_SEND_ONLY = valueOf(0x04);
    public static final OpCode RC_SEND_ONLY_WITH_IMMEDIATE = valueOf(0x05);
    public static final OpCode RC_RDMA_WRITE_FIRST = valueOf(0x06);
    public static final OpCode RC_RDMA_WRITE_MIDDLE = valueOf(0x07);
    public static final OpCode RC_RDMA_WRITE_LAST = valueOf(0x08);
    public static final OpCode RC_RDMA_WRITE_LAST_WITH_IMMEDIATE = valueOf(0x09);
    public static final OpCode RC_RDMA_WRITE_ONLY = valueOf(0x0A);
    public static final OpCode RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE = valueOf(0x0B);
    public static final OpCode RC_RDMA_READ_REQUEST = valueOf(0x0C);
    public static final OpCode RC_RDMA_READ_RESPONSE_FIRST = valueOf(0x0D);
    public static final OpCode RC_RDMA_READ_RESPONSE_MIDDLE = valueOf(0x0E);
    public static final OpCode RC_RDMA_READ_RESPONSE_LAST = valueOf(0x0F);
    public static final OpCode RC_RDMA_READ_RESPONSE_ONLY = valueOf(0x10);
    public static final OpCode RC_ACKNOWLEDGE = valueOf(0x11);
    public static final OpCode RC_ATOMIC_ACKNOWLEDGE = valueOf(0x12);
    public static final OpCode RC_COMPARE_SWAP = valueOf(0x13);
    public static final OpCode RC_FETCH_ADD = valueOf(0x14);
    public static final OpCode RC_SEND_LAST_WITH_INVALIDATE = valueOf(0x16);
    public static final OpCode RC_SEND_ONLY_WITH_INVALIDATE = valueOf(0x17);
    public static final OpCode UC_SEND_ONLY = valueOf(0x24);
    public static final OpCode UC_RDMA_WRITE_ONLY = valueOf(0x2A);
    public static final OpCode RD_SEND_ONLY = valueOf(0x44);
    public static final OpCode RD_ACKNOWLEDGE = valueOf(0x51);
    public static final OpCode UD_SEND_ONLY = valueOf(0x64);
    public static final OpCode UD_SEND_ONLY_WITH_IMMEDIATE = valueOf(0x65);

    private final int code;
    private final String name;
    private final boolean known;
    private final boolean payload;
    private final List<ExtHeaderType> headers;
    private final int headerBytes;

    private OpCode(int code, String name, boolean known, boolean payload, List<ExtHeaderType> headers) {
        this.code = code;
        this.name = name;
        this.known = known;
        this.payload = payload;
        this.headers = List.copyOf(headers);
        this.headerBytes = headers.stream().mapToInt(ExtHeaderType::size).sum();
    }

    public static OpCode valueOf(int code) {
        if (code < 0 || code > 0xFF) {
            throw new IllegalArgumentException("OpCode must fit in 8 bits, was " + code);
        }
        OpCode c = ALL[code];
        if (c == null) {
            throw new IllegalStateException("opcode table not initialised");
        }
        return c;
    }

    private static OpCode define(int code) {
        Transport transport = Transport.of(code);
        Operation op = operation(code & 0x1F);
        boolean defined = op != null
                && switch (transport) {
                    case RC -> op != Operation.RESYNC;
                    // UC: SEND and RDMA WRITE only (IBA table 38).
                    case UC -> op.code <= 0x0B;
                    // RD: everything but the invalidate variants; RESYNC exists only on RD.
                    case RD -> op.code <= 0x15;
                    // UD: SEND Only and SEND Only with Immediate.
                    case UD -> op == Operation.SEND_ONLY || op == Operation.SEND_ONLY_WITH_IMMEDIATE;
                    default -> false;
                };
        if (!defined) {
            return new OpCode(code, String.format("%s_0x%02X", transport.shortName(), code), false, true, List.of());
        }
        List<ExtHeaderType> headers = new ArrayList<>();
        if (transport == Transport.RD) {
            // RD: RDETH first; requests (not responses) also carry a DETH before the operation's own headers.
            headers.add(RDETH);
            if (!op.isResponse()) {
                headers.add(DETH);
            }
        } else if (transport == Transport.UD) {
            headers.add(DETH);
        }
        headers.addAll(List.of(op.headers));
        return new OpCode(code, transport.shortName() + "_" + op.name(), true, op.payload, headers);
    }

    private static Operation operation(int lowBits) {
        for (Operation op : Operation.values()) {
            if (op.code == lowBits) {
                return op;
            }
        }
        return null;
    }

    public int code() {
        return code;
    }

    /** For example {@code RC_SEND_ONLY}, {@code UD_SEND_ONLY_WITH_IMMEDIATE}; unknown ones {@code RC_0x1C}. */
    public String name() {
        return name;
    }

    public boolean isKnown() {
        return known;
    }

    public Transport transport() {
        return Transport.of(code);
    }

    /** The extended transport headers after the BTH, in wire order. */
    public List<ExtHeaderType> headers() {
        return headers;
    }

    /** The total size of {@link #headers()}. */
    public int headerBytes() {
        return headerBytes;
    }

    /** Whether a payload may follow the headers (unknown opcodes: everything after the BTH is payload). */
    public boolean hasPayload() {
        return payload;
    }

    @Override
    public String toString() {
        return name;
    }
}
