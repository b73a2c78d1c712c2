package dev.ibmesh.mad.pma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import dev.ibmesh.mad.ClassPortInfo;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** dev.ibmesh.mad.ClassPortInfo, tested here because the PMA is its first user. */
class ClassPortInfoTest {
    static final String REDIRECT_GID = "fe800000000000000002c90300a1b2c3";
    static final String TRAP_GID = "fe800000000000000002c90300d4e5f6";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(ClassPortInfo.SIZE, ClassPortInfo::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = HexFormat.of()
                .parseHex("01" + "02" + "1100" // BaseVersion, ClassVersion, CapabilityMask
                        + "0abcdef3" // CapabilityMask2 0x055E6F7 << 5 | RespTimeValue 0x13
                        + REDIRECT_GID
                        + "21" + "9abcde" // RedirectTC 0x21, SL 9, FL 0xABCDE
                        + "2223" + "2425" + "26" + "272829" // RedirectLID, P_Key, reserved, QP
                        + "2a2b2c2d" // RedirectQ_Key
                        + TRAP_GID
                        + "31" + "512345" // TrapTC 0x31, SL 5, FL 0x12345
                        + "3233" + "3435" + "36" + "373839" // TrapLID, P_Key, HL, QP
                        + "80010000"); // TrapQ_Key
        assertEquals(ClassPortInfo.SIZE, b.length);
        ClassPortInfo c = ClassPortInfo.decode(b, 0);
        assertEquals(1, c.baseVersion());
        assertEquals(2, c.classVersion());
        assertEquals(0x1100, c.capabilityMask());
        assertEquals(0x0abcdef3 >>> 5, c.capabilityMask2());
        assertEquals(0x13, c.respTimeValue());
        assertArrayEquals(HexFormat.of().parseHex(REDIRECT_GID), c.redirectGid());
        assertEquals(0x21, c.redirectTc());
        assertEquals(9, c.redirectSl());
        assertEquals(0xABCDE, c.redirectFl());
        assertEquals(0x2223, c.redirectLid());
        assertEquals(0x2425, c.redirectPKey());
        assertEquals(0x26, c.reserved256());
        assertEquals(0x272829, c.redirectQp());
        assertEquals(0x2A2B2C2DL, c.redirectQKey());
        assertArrayEquals(HexFormat.of().parseHex(TRAP_GID), c.trapGid());
        assertEquals(0x31, c.trapTc());
        assertEquals(5, c.trapSl());
        assertEquals(0x12345, c.trapFl());
        assertEquals(0x3233, c.trapLid());
        assertEquals(0x3435, c.trapPKey());
        assertEquals(0x36, c.trapHl());
        assertEquals(0x373839, c.trapQp());
        assertEquals(0x80010000L, c.trapQKey());
        assertArrayEquals(b, c.toBytes());
        assertTrue(c.hasCapability(ClassPortInfo.PMA_ALL_PORT_SELECT));
        assertTrue(c.hasCapability(ClassPortInfo.PMA_PORT_XMIT_WAIT));
        assertFalse(c.hasCapability(ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED));
    }

    @Test
    void pmaCapabilityBits() {
        assertEquals(0x0100, ClassPortInfo.PMA_ALL_PORT_SELECT);
        assertEquals(0x0200, ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED);
        assertEquals(0x0400, ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED_NO_IETF);
        assertEquals(0x1000, ClassPortInfo.PMA_PORT_XMIT_WAIT);
        byte[] b = ClassPortInfo.of(1, 1, ClassPortInfo.PMA_ALL_PORT_SELECT | ClassPortInfo.PMA_PORT_XMIT_WAIT, 0, 18)
                .toBytes();
        assertEquals(0x11, b[2]);
        assertEquals(0x00, b[3]);
        assertEquals(18, b[7]);
    }

    @Test
    void gidsAreCopied() {
        byte[] gid = HexFormat.of().parseHex(TRAP_GID);
        ClassPortInfo c =
                new ClassPortInfo(1, 1, 0, 0, 0, new byte[16], 0, 0, 0, 0, 0, 0, 0, 0, gid, 0, 0, 0, 0, 0, 0, 0, 0);
        gid[0] = 0;
        c.trapGid()[1] = 0;
        assertArrayEquals(HexFormat.of().parseHex(TRAP_GID), c.trapGid());
    }

    @Test
    void rangeErrorsNameTheField() {
        PortCountersTest.assertMessage("CapabilityMask2", () -> ClassPortInfo.of(1, 1, 0, 1 << 27, 0));
        PortCountersTest.assertMessage("RespTimeValue", () -> ClassPortInfo.of(1, 1, 0, 0, 32));
        PortCountersTest.assertMessage("CapabilityMask", () -> ClassPortInfo.of(1, 1, 0x10000, 0, 0));
        PortCountersTest.assertMessage(
                "RedirectSL",
                () -> new ClassPortInfo(
                        1, 1, 0, 0, 0, new byte[16], 0, 16, 0, 0, 0, 0, 0, 0, new byte[16], 0, 0, 0, 0, 0, 0, 0, 0));
        PortCountersTest.assertMessage(
                "TrapFL",
                () -> new ClassPortInfo(
                        1,
                        1,
                        0,
                        0,
                        0,
                        new byte[16],
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        new byte[16],
                        0,
                        0,
                        1 << 20,
                        0,
                        0,
                        0,
                        0,
                        0));
        PortCountersTest.assertMessage(
                "TrapGID",
                () -> new ClassPortInfo(
                        1, 1, 0, 0, 0, new byte[16], 0, 0, 0, 0, 0, 0, 0, 0, new byte[15], 0, 0, 0, 0, 0, 0, 0, 0));
        PortCountersTest.assertMessage(
                "TrapQ_Key",
                () -> new ClassPortInfo(
                        1,
                        1,
                        0,
                        0,
                        0,
                        new byte[16],
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        new byte[16],
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        1L << 32));
    }
}
