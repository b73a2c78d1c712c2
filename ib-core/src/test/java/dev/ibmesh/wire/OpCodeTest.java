package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The opcode table against IBA table 38 as docs/wire-format.md (Opcodes) lists it. */
class OpCodeTest {
    @Test
    void definedOpcodesPerTransport() {
        int rc = 0, uc = 0, rd = 0, ud = 0;
        for (int c = 0; c < 256; c++) {
            OpCode op = OpCode.valueOf(c);
            assertSame(op, OpCode.valueOf(c), "cached");
            if (!op.isKnown()) {
                continue;
            }
            switch (op.transport()) {
                case RC -> rc++;
                case UC -> uc++;
                case RD -> rd++;
                case UD -> ud++;
                default -> throw new AssertionError(op);
            }
        }
        assertEquals(23, rc, "RC 0x00-0x14, 0x16, 0x17");
        assertEquals(12, uc, "UC 0x20-0x2B");
        assertEquals(22, rd, "RD 0x40-0x55");
        assertEquals(2, ud, "UD 0x64, 0x65");
    }

    @Test
    void headersInWireOrder() {
        assertEquals(
                List.of(ExtHeaderType.RETH, ExtHeaderType.IMM_DT),
                OpCode.valueOf(0x0B).headers());
        assertEquals(
                List.of(ExtHeaderType.AETH, ExtHeaderType.ATOMIC_ACK_ETH),
                OpCode.valueOf(0x12).headers());
        assertEquals(List.of(ExtHeaderType.IETH), OpCode.valueOf(0x17).headers());
        assertEquals(
                List.of(ExtHeaderType.DETH, ExtHeaderType.IMM_DT),
                OpCode.valueOf(0x65).headers());
        assertEquals(
                List.of(ExtHeaderType.RDETH, ExtHeaderType.DETH, ExtHeaderType.ATOMIC_ETH),
                OpCode.valueOf(0x53).headers());
        assertEquals(
                List.of(ExtHeaderType.RDETH, ExtHeaderType.AETH, ExtHeaderType.ATOMIC_ACK_ETH),
                OpCode.valueOf(0x52).headers());
        assertEquals(List.of(ExtHeaderType.RDETH), OpCode.valueOf(0x4E).headers(), "RD read response middle");
        assertEquals(
                List.of(ExtHeaderType.RDETH, ExtHeaderType.DETH),
                OpCode.valueOf(0x55).headers(),
                "RD RESYNC");
        assertEquals(28, OpCode.RC_COMPARE_SWAP.headerBytes());
    }

    @Test
    void namesAndPayload() {
        assertEquals("RC_SEND_ONLY", OpCode.RC_SEND_ONLY.name());
        assertEquals("UD_SEND_ONLY_WITH_IMMEDIATE", OpCode.valueOf(0x65).name());
        assertEquals("RC_0x15", OpCode.valueOf(0x15).name());
        assertFalse(OpCode.valueOf(0x15).isKnown());
        assertFalse(OpCode.RC_ACKNOWLEDGE.hasPayload());
        assertTrue(OpCode.RC_RDMA_READ_RESPONSE_MIDDLE.hasPayload());
        assertFalse(OpCode.RC_RDMA_READ_REQUEST.hasPayload());
        assertEquals(Transport.CNP, OpCode.valueOf(0x81).transport());
        assertEquals(Transport.MANUFACTURER_SPECIFIC, OpCode.valueOf(0xE0).transport());
    }
}
