package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ibmesh.wire.Gid;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class McMemberRecordTest {
    /** The IPoIB broadcast group as OpenSM creates it, joined by port 0x0002c90300000001 as a full member. */
    private static final McMemberRecord JOIN = new McMemberRecord(
            new Gid(0xFF12_401B_FFFF_0000L, 0x0000_0000_FFFF_FFFFL),
            new Gid(0xFE80_0000_0000_0000L, 0x0002_C903_0000_0001L),
            0x0B1B,
            0xC000,
            2,
            4,
            0,
            0xFFFF,
            2,
            3,
            2,
            18,
            0,
            0,
            0,
            2,
            1,
            false);

    @Test
    void fieldsSitWhereIba15_2_5_17PutsThem() {
        byte[] b = JOIN.toBytes();
        assertEquals(McMemberRecord.SIZE, b.length);
        assertEquals(
                "ff12401bffff000000000000ffffffff" // MGID
                        + "fe800000000000000002c90300000001" // PortGID
                        + "00000b1b" + "c000" // Q_Key, MLID
                        + "84" + "00" + "ffff" // MTU selector 2 / MTU 4, TClass, P_Key
                        + "83" + "92" // Rate selector 2 / 10 Gb/s, lifetime selector 2 / 18
                        + "00000000" // SL, FlowLabel, HopLimit
                        + "21" + "000000", // Scope 2 / JoinState FullMember, ProxyJoin 0
                HexFormat.of().formatHex(b));
        assertEquals(JOIN, McMemberRecord.decode(b, 0));
    }

    @Test
    void packedFieldsRoundTrip() {
        McMemberRecord r = new McMemberRecord(
                JOIN.mgid(),
                JOIN.portGid(),
                -1,
                0xFFFE,
                3,
                63,
                255,
                0x8001,
                1,
                62,
                0,
                1,
                15,
                0xFFFFF,
                255,
                15,
                15,
                true);
        assertEquals(r, McMemberRecord.decode(r.toBytes(), 0));
    }

    @Test
    void aFieldTooWideIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JOIN.member(JOIN.portGid(), 16));
    }
}
