package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import org.junit.jupiter.api.Test;

class FrameFilterTest {
    private static final byte[] FC = FlowControlPacket.of(0, 1, 0, 2).encode();
    /** RC SEND Only from LID 1 to LID 2, QP 5. */
    private static final byte[] RC = PacketBuilder.iba(
                    Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 5, false, 0))
            .payload(new byte[8])
            .build();
    /** UD SEND Only from LID 3 to LID 4, QP 0x11. */
    private static final byte[] UD = PacketBuilder.iba(
                    Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 4, 3), Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0x11, false, 0))
            .headers(new Deth(0, 1))
            .payload(new byte[8])
            .build();

    private static boolean keeps(String filter, byte[] frame) {
        return FrameFilter.parse(filter).keep(frame == FC ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND, frame);
    }

    @Test
    void noTermsKeepEverything() {
        assertSame(FrameFilter.ALL, FrameFilter.parse(""));
        assertSame(FrameFilter.ALL, FrameFilter.parse(" all "));
        assertTrue(keeps("", FC) && keeps("", RC) && keeps("all", UD));
    }

    @Test
    void noFcLeavesOutFlowControlOnly() {
        assertFalse(keeps("no-fc", FC));
        assertTrue(keeps("no-fc", RC) && keeps("no-fc", UD));
    }

    @Test
    void fieldTermsMatchDataPacketsAndKindsCombine() {
        assertTrue(keeps("qp=5", RC));
        assertFalse(keeps("qp=5", UD));
        assertFalse(keeps("qp=5", FC), "a flow-control packet has no QP");
        assertTrue(keeps("qp=0x11", UD));
        assertTrue(keeps("qp=5,qp=17", UD), "terms of one kind: any");
        assertTrue(keeps("lid=1", RC) && keeps("lid=2", RC), "source or destination");
        assertFalse(keeps("lid=3", RC));
        assertTrue(keeps("opcode=RC_SEND_ONLY", RC));
        assertTrue(keeps("opcode=ud_send_only", UD));
        assertTrue(keeps("opcode=0x64", UD));
        assertFalse(keeps("opcode=RC_SEND_ONLY", UD));
        assertFalse(keeps("lid=1,opcode=UD_SEND_ONLY", RC), "kinds: all");
        assertTrue(keeps("no-fc, lid=3, opcode=UD_SEND_ONLY", UD));
        assertEquals(
                "no-fc,lid=3,opcode=UD_SEND_ONLY",
                FrameFilter.parse("no-fc, lid=3, opcode=UD_SEND_ONLY").toString());
    }

    @Test
    void badTermsAreRefusedNamingThem() {
        assertRefused("'vl=3' is not a filter term", "no-fc,vl=3");
        assertRefused("'qp=x': 'x' is not a number", "qp=x");
        assertRefused("'lid=70000': 70000 is out of range 0-65535", "lid=70000");
        assertRefused("'qp': qp needs a value", "qp");
        assertRefused("'opcode=': opcode needs a value", "opcode=");
        assertRefused("'no-fc=1': no-fc takes no value", "no-fc=1");
        assertRefused("'opcode=RC_NOPE': no OpCode is named RC_NOPE", "opcode=RC_NOPE");
        assertRefused("'' is not a filter term", "no-fc,");
    }

    private static void assertRefused(String start, String filter) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FrameFilter.parse(filter));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
