package dev.ibmesh.runtime.gsi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** QP1's P_Key and Q_Key checks (IBA 10.9.3, 13.5.3.1) and what the traps 257/258 report. */
class Qp1KeyCheckTest {
    private static final List<Integer> DEFAULT_TABLE = List.of(0xFFFF, 0, 0, 0);

    /** A GMP-shaped UD SEND Only from LID 5, SL 3, QP 0x77 to LID 9's QP1. */
    private static byte[] gmp(int pKey, int qKey) {
        return PacketBuilder.iba(Lrh.of(0, 3, Lrh.LNH_IBA_LOCAL, 9, 5), Bth.of(OpCode.UD_SEND_ONLY, pKey, 1, false, 0))
                .headers(new Deth(qKey, 0x77))
                .payload(new byte[256])
                .build();
    }

    @Test
    void theWellKnownKeysPass() {
        Qp1Verdict v = Qp1KeyCheck.check(gmp(0xFFFF, Deth.GSI_Q_KEY), DEFAULT_TABLE);
        assertTrue(v.accepted());
        assertThrows(IllegalStateException.class, v::trapNumber);
    }

    @Test
    void aPKeyOutsideTheTableIsTrap257WithThePacketsAddresses() {
        Qp1Verdict v = Qp1KeyCheck.check(gmp(0x8123, Deth.GSI_Q_KEY), DEFAULT_TABLE);
        assertEquals(Qp1Verdict.Kind.BAD_P_KEY, v.kind());
        assertEquals(Notice.TRAP_BAD_P_KEY, v.trapNumber());
        Notice.BadKeyTrap details = v.trapDetails();
        assertEquals(0x8123, details.key());
        assertEquals(5, details.lidAddr1(), "the sender");
        assertEquals(9, details.lidAddr2(), "the receiver");
        assertEquals(3, details.sl());
        assertEquals(0x77, details.qp1());
        assertEquals(1, details.qp2());
        assertArrayEquals(new byte[16], details.gidAddr1(), "no GRH, no GIDs");
    }

    @Test
    void aWrongQKeyIsTrap258() {
        Qp1Verdict v = Qp1KeyCheck.check(gmp(0xFFFF, 0x1234), DEFAULT_TABLE);
        assertEquals(Qp1Verdict.Kind.BAD_Q_KEY, v.kind());
        assertEquals(Notice.TRAP_BAD_Q_KEY, v.trapNumber());
        assertEquals(0x1234, v.trapDetails().key());
    }

    @Test
    void aQKeyWithTheTopBitSetIsReportedUnsigned() {
        Qp1Verdict v = Qp1KeyCheck.check(gmp(0xFFFF, 0x80010001), DEFAULT_TABLE);
        assertEquals(Qp1Verdict.Kind.BAD_Q_KEY, v.kind());
        assertEquals(0x80010001L, v.key());
    }

    @Test
    void thePKeyIsCheckedFirst() {
        assertEquals(
                Qp1Verdict.Kind.BAD_P_KEY,
                Qp1KeyCheck.check(gmp(0x8123, 0x1234), DEFAULT_TABLE).kind());
    }

    @Test
    void aPartitionInTheTableIsAccepted() {
        assertFalse(
                Qp1KeyCheck.check(gmp(0x8123, Deth.GSI_Q_KEY), DEFAULT_TABLE).accepted());
        assertTrue(Qp1KeyCheck.check(gmp(0x8123, Deth.GSI_Q_KEY), List.of(0xFFFF, 0x0123))
                .accepted());
    }

    @Test
    void theVerdictNamesTheEntryTheGmpMatched() {
        assertEquals(
                1,
                Qp1KeyCheck.check(gmp(0x8123, Deth.GSI_Q_KEY), List.of(0xFFFF, 0x0123, 0x8123))
                        .pKeyIndex(),
                "the first matching entry, as host software sees it");
        assertEquals(
                1,
                Qp1KeyCheck.check(gmp(0x8123, 0x1234), List.of(0xFFFF, 0x0123)).pKeyIndex(),
                "a bad Q_Key still found its P_Key");
        assertEquals(
                Qp1Verdict.NO_P_KEY_INDEX,
                Qp1KeyCheck.check(gmp(0x8124, Deth.GSI_Q_KEY), List.of(0xFFFF, 0x0123))
                        .pKeyIndex());
    }

    @Test
    void aGlobalPacketReportsItsGids() {
        Gid sgid = new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0x1111);
        Gid dgid = new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0x2222);
        byte[] frame = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_GLOBAL, 9, 5), Bth.of(OpCode.UD_SEND_ONLY, 0x8001, 1, false, 0))
                .grh(Grh.of(0, 0, 64, sgid, dgid))
                .headers(new Deth(Deth.GSI_Q_KEY, 0x77))
                .payload(new byte[256])
                .build();
        Qp1Verdict v = Qp1KeyCheck.check(frame, DEFAULT_TABLE);
        assertEquals(Qp1Verdict.Kind.BAD_P_KEY, v.kind());
        assertEquals(0x8001, v.key(), "read from the BTH after the GRH");
        byte[] expected = new byte[16];
        sgid.encode(expected, 0);
        assertArrayEquals(expected, v.trapDetails().gidAddr1());
        dgid.encode(expected, 0);
        assertArrayEquals(expected, v.trapDetails().gidAddr2());
    }
}
