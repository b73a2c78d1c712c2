package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import dev.ibmesh.mad.smp.Notice.BadKeyTrap;
import dev.ibmesh.mad.smp.Notice.BadMKeyTrap;
import dev.ibmesh.mad.smp.Notice.Details;
import dev.ibmesh.mad.smp.Notice.GidTrap;
import dev.ibmesh.mad.smp.Notice.LinkStateTrap;
import dev.ibmesh.mad.smp.Notice.LocalChangesTrap;
import dev.ibmesh.mad.smp.Notice.PortTrap;
import dev.ibmesh.mad.smp.Notice.Raw;
import dev.ibmesh.mad.smp.Notice.SwitchBadPKeyTrap;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class NoticeTest {
    static final HexFormat HEX = HexFormat.of();
    static final String GID1 = "fe800000000000000002c90300000011";
    static final String GID2 = "ff120000000000000000000000000022";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(Notice.SIZE, Notice::decode, 2000);
    }

    @Test
    void everyDetailsLayoutRoundTrips() {
        detailsRoundTrip(GidTrap::decode);
        detailsRoundTrip(LinkStateTrap::decode);
        detailsRoundTrip(PortTrap::decode);
        detailsRoundTrip(LocalChangesTrap::decode);
        detailsRoundTrip(BadMKeyTrap::decode);
        detailsRoundTrip(BadKeyTrap::decode);
        detailsRoundTrip(SwitchBadPKeyTrap::decode);
        detailsRoundTrip(Raw::decode);
    }

    /** As AttributeRoundTrip, for the 54-byte DataDetails layouts. */
    static void detailsRoundTrip(BiFunction<byte[], Integer, ? extends Details> decode) {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            byte[] in = new byte[Notice.DATA_DETAILS_SIZE + 7];
            random.nextBytes(in);
            if (i == 0) {
                Arrays.fill(in, (byte) 0);
            } else if (i == 1) {
                Arrays.fill(in, (byte) 0xFF);
            }
            Details d = decode.apply(in, 3);
            byte[] out = new byte[in.length];
            d.encode(out, 3);
            assertArrayEquals(
                    Arrays.copyOfRange(in, 3, 3 + Notice.DATA_DETAILS_SIZE),
                    Arrays.copyOfRange(out, 3, 3 + Notice.DATA_DETAILS_SIZE),
                    "seed " + seed + " " + d);
            assertEquals(d, decode.apply(out, 3), "seed " + seed);
            assertArrayEquals(Arrays.copyOfRange(in, 3, 3 + Notice.DATA_DETAILS_SIZE), d.toBytes());
        }
    }

    static byte[] notice(String head10, String details54, String issuerGid) {
        byte[] b = HEX.parseHex(head10 + details54 + issuerGid);
        assertEquals(Notice.SIZE, b.length);
        return b;
    }

    static String zeros(int bytes) {
        return "00".repeat(bytes);
    }

    @Test
    void decodesHeaderFields() {
        // IsGeneric 1, Type 2 (security), ProducerType 0x000002, TrapNumber 256, IssuerLID 0x1234,
        // NoticeToggle 1, NoticeCount 0x2345
        byte[] b = notice("82000002" + "0100" + "1234" + "a345", "ab".repeat(54), GID1);
        Notice n = Notice.decode(b, 0);
        assertEquals(1, n.isGeneric());
        assertTrue(n.genericForm());
        assertEquals(Notice.TYPE_SECURITY, n.type());
        assertEquals(Notice.PRODUCER_SWITCH, n.producerType());
        assertEquals(Notice.TRAP_BAD_M_KEY, n.trapNumber());
        assertEquals(0x1234, n.issuerLid());
        assertEquals(1, n.noticeToggle());
        assertEquals(0x2345, n.noticeCount());
        assertArrayEquals(HEX.parseHex("ab".repeat(54)), n.dataDetails());
        assertArrayEquals(HEX.parseHex(GID1), n.issuerGid());
        assertThrows(IllegalStateException.class, n::vendorId);
        assertArrayEquals(b, n.toBytes());
    }

    @Test
    void vendorNoticeIsRaw() {
        // IsGeneric 0, Type 0x7F, VendorID 0x0002C9, DeviceID 0x0100 (would be trap 256 if generic)
        byte[] b = notice("7f0002c9" + "0100" + "0001" + "0001", "cd".repeat(54), zeros(16));
        Notice n = Notice.decode(b, 0);
        assertFalse(n.genericForm());
        assertEquals(Notice.TYPE_EMPTY, n.type());
        assertEquals(0x0002C9, n.vendorId());
        assertEquals(0x0100, n.deviceId());
        assertEquals(0, n.noticeToggle());
        assertEquals(1, n.noticeCount());
        assertThrows(IllegalStateException.class, n::trapNumber);
        assertEquals(new Raw(HEX.parseHex("cd".repeat(54))), n.details());
    }

    @Test
    void smpFormIsTheFirst64Bytes() {
        byte[] b = notice("84000001" + "0080" + "0007" + "0000", "0007" + zeros(52), GID1);
        byte[] smpData = Arrays.copyOf(b, Notice.SMP_SIZE);
        Notice n = Notice.decodeSmp(smpData, 0);
        assertEquals(null, n.issuerGid());
        assertEquals(Notice.SMP_SIZE, n.size());
        assertEquals(Notice.TRAP_LINK_STATE_CHANGE, n.trapNumber());
        byte[] out = new byte[Notice.SMP_SIZE + 4];
        Arrays.fill(out, (byte) 0x5A);
        n.encode(out, 2);
        assertArrayEquals(smpData, Arrays.copyOfRange(out, 2, 66));
        assertEquals(0x5A, out[66]);
        assertEquals(0x5A, out[1]);
        assertEquals(new LinkStateTrap(7), n.details());
    }

    @Test
    void gidTraps() {
        for (int trap : new int[] {64, 65, 66, 67}) {
            Notice n = Notice.decode(
                    notice(
                            "84000004" + String.format("%04x", trap) + "0001" + "0000",
                            "010203040506" + GID2 + "ee".repeat(32),
                            zeros(16)),
                    0);
            GidTrap d = assertInstanceOf(GidTrap.class, n.details(), "trap " + trap);
            assertEquals(0x010203040506L, d.reserved80());
            assertArrayEquals(HEX.parseHex(GID2), d.gidAddr());
            assertArrayEquals(HEX.parseHex("ee".repeat(32)), d.reserved256());
        }
        assertArrayEquals(HEX.parseHex(zeros(6) + GID1 + zeros(32)), new GidTrap(HEX.parseHex(GID1)).toBytes());
    }

    @Test
    void trap128() {
        Notice n = Notice.decode(notice("84000002" + "0080" + "0005" + "0000", "abcd" + "11".repeat(52), zeros(16)), 0);
        LinkStateTrap d = assertInstanceOf(LinkStateTrap.class, n.details());
        assertEquals(0xABCD, d.lidAddr());
        assertArrayEquals(HEX.parseHex("11".repeat(52)), d.reserved96());
    }

    @Test
    void traps129To131() {
        for (int trap : new int[] {129, 130, 131}) {
            Notice n = Notice.decode(
                    notice(
                            "81000002" + String.format("%04x", trap) + "0005" + "0000",
                            "f00f" + "0042" + "07" + "22".repeat(49),
                            zeros(16)),
                    0);
            PortTrap d = assertInstanceOf(PortTrap.class, n.details(), "trap " + trap);
            assertEquals(0xF00F, d.reserved80());
            assertEquals(0x42, d.lidAddr());
            assertEquals(7, d.portNo());
            assertArrayEquals(HEX.parseHex("22".repeat(49)), d.reserved120());
        }
        assertArrayEquals(HEX.parseHex("0000" + "0042" + "07" + zeros(49)), new PortTrap(0x42, 7).toBytes());
    }

    @Test
    void trap144() {
        // reserved 0x1111, LID 0x0033, reserved15 0x2222>>1 | OtherLocalChanges 1, CapabilityMask 0x02510a68,
        // reserved10 0b1010101010 | flags 0b100111, CapabilityMask2 0x0040
        Notice n = Notice.decode(
                notice(
                        "84000001" + "0090" + "0033" + "0000",
                        "1111" + "0033" + "2223" + "02510a68" + "aaa7" + "0040" + "33".repeat(40),
                        zeros(16)),
                0);
        LocalChangesTrap d = assertInstanceOf(LocalChangesTrap.class, n.details());
        assertEquals(0x1111, d.reserved80());
        assertEquals(0x33, d.lidAddr());
        assertEquals(0x2223 >>> 1, d.reserved112());
        assertEquals(1, d.otherLocalChanges());
        assertEquals(0x02510A68L, d.capabilityMask());
        assertEquals(0xAAA7 >>> 6, d.reserved160());
        assertEquals(0x27, d.changeFlags());
        assertTrue(d.changed(LocalChangesTrap.CHANGE_LINK_SPEED_ENABLED));
        assertTrue(d.changed(LocalChangesTrap.CHANGE_LINK_WIDTH_ENABLED));
        assertTrue(d.changed(LocalChangesTrap.CHANGE_NODE_DESCRIPTION));
        assertTrue(d.changed(LocalChangesTrap.CHANGE_CAPABILITY_MASK2));
        assertFalse(d.changed(LocalChangesTrap.CHANGE_SM_PRIORITY));
        assertEquals(0x0040, d.capabilityMask2());
        assertArrayEquals(HEX.parseHex("33".repeat(40)), d.reserved192());
        assertEquals(0x04, LocalChangesTrap.CHANGE_LINK_SPEED_ENABLED);
        assertEquals(0x02, LocalChangesTrap.CHANGE_LINK_WIDTH_ENABLED);
        assertEquals(0x01, LocalChangesTrap.CHANGE_NODE_DESCRIPTION);
        assertArrayEquals(
                HEX.parseHex("0000" + "0033" + "0001" + "00000008" + "0001" + "0000" + zeros(40)),
                new LocalChangesTrap(0x33, true, 8, LocalChangesTrap.CHANGE_NODE_DESCRIPTION, 0).toBytes());
    }

    @Test
    void trap256() {
        String path = "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e";
        Notice n = Notice.decode(
                notice(
                        "82000001" + "0100" + "0009" + "0000",
                        "5a5a" + "0011" + "0022" + "81" + "77" + "0015" + "00000003" + "1122334455667788" + "99" + "c5"
                                + path,
                        zeros(16)),
                0);
        BadMKeyTrap d = assertInstanceOf(BadMKeyTrap.class, n.details());
        assertEquals(0x5A5A, d.reserved80());
        assertEquals(0x11, d.lidAddr());
        assertEquals(0x22, d.drSlid());
        assertEquals(0x81, d.method());
        assertEquals(0x77, d.reserved136());
        assertEquals(0x0015, d.attributeId());
        assertEquals(3L, d.attributeModifier());
        assertEquals(0x1122334455667788L, d.mKey());
        assertEquals(0x99, d.reserved256());
        assertEquals(1, d.drNotice());
        assertEquals(1, d.drPathTruncated());
        assertEquals(5, d.drHopCount());
        assertArrayEquals(HEX.parseHex(path), d.drNoticeReturnPath());
    }

    @Test
    void traps257And258() {
        for (int trap : new int[] {257, 258}) {
            Notice n = Notice.decode(
                    notice(
                            "82000001" + String.format("%04x", trap) + "0009" + "0000",
                            "0bad" + "0101" + "0202" + "80010000" + "7a" + "000002" + "c3" + "000003" + GID1 + GID2
                                    + "deadbeef",
                            zeros(16)),
                    0);
            BadKeyTrap d = assertInstanceOf(BadKeyTrap.class, n.details(), "trap " + trap);
            assertEquals(0x0BAD, d.reserved80());
            assertEquals(0x0101, d.lidAddr1());
            assertEquals(0x0202, d.lidAddr2());
            assertEquals(0x80010000L, d.key());
            assertEquals(7, d.sl());
            assertEquals(0xA, d.reserved164());
            assertEquals(2, d.qp1());
            assertEquals(0xC3, d.reserved192());
            assertEquals(3, d.qp2());
            assertArrayEquals(HEX.parseHex(GID1), d.gidAddr1());
            assertArrayEquals(HEX.parseHex(GID2), d.gidAddr2());
            assertEquals(0xDEADBEEFL, d.reserved480());
        }
    }

    @Test
    void trap259() {
        Notice n = Notice.decode(
                notice(
                        "82000002" + "0103" + "0009" + "0000",
                        "00ff" + "0101" + "0202" + "8001" + "3c" + "abcdef" + "d4" + "123456" + GID1 + GID2 + "0303"
                                + "24" + "a1b2c3",
                        zeros(16)),
                0);
        SwitchBadPKeyTrap d = assertInstanceOf(SwitchBadPKeyTrap.class, n.details());
        assertEquals(0x00FF, d.dataValid());
        assertEquals(0x0101, d.lidAddr1());
        assertEquals(0x0202, d.lidAddr2());
        assertEquals(0x8001, d.pKey());
        assertEquals(3, d.sl());
        assertEquals(0xC, d.reserved148());
        assertEquals(0xABCDEF, d.qp1());
        assertEquals(0xD4, d.reserved176());
        assertEquals(0x123456, d.qp2());
        assertArrayEquals(HEX.parseHex(GID1), d.gidAddr1());
        assertArrayEquals(HEX.parseHex(GID2), d.gidAddr2());
        assertEquals(0x0303, d.swLidAddr());
        assertEquals(0x24, d.portNo());
        assertEquals(0xA1B2C3, d.reserved488());
    }

    @Test
    void otherTrapNumbersAreRaw() {
        for (int trap : new int[] {0, 68, 69, 145, 260, 0xFFFF}) {
            Notice n = Notice.decode(
                    notice("84000001" + String.format("%04x", trap) + "0001" + "0000", "99".repeat(54), zeros(16)), 0);
            Raw r = assertInstanceOf(Raw.class, n.details(), "trap " + trap);
            assertArrayEquals(HEX.parseHex("99".repeat(54)), r.bytes());
        }
    }

    @Test
    void genericBuildsAndWithDetailsReplaces() {
        Notice n = Notice.generic(
                Notice.TYPE_URGENT,
                Notice.PRODUCER_SWITCH,
                Notice.TRAP_LINK_INTEGRITY_THRESHOLD,
                9,
                0,
                3,
                new PortTrap(9, 4));
        byte[] b = n.toBytes();
        assertEquals((byte) 0x81, b[0]);
        assertEquals(2, b[3]);
        assertEquals(129, b[5] & 0xFF);
        assertEquals(9, b[7]);
        assertEquals(3, b[9]);
        assertEquals(9, b[13]);
        assertEquals(4, b[14]);
        Notice m = n.withDetails(new PortTrap(10, 5));
        assertEquals(new PortTrap(10, 5), m.details());
        assertEquals(n.noticeCount(), m.noticeCount());
    }

    @Test
    void rangeErrorsNameTheField() {
        byte[] d = new byte[54];
        byte[] g = new byte[16];
        assertMessage("Type", () -> new Notice(1, 128, 0, 0, 0, 0, 0, d, g));
        assertMessage("NoticeCount", () -> new Notice(1, 0, 0, 0, 0, 0, 1 << 15, d, g));
        assertMessage("NoticeToggle", () -> new Notice(1, 0, 0, 0, 0, 2, 0, d, g));
        assertMessage("ProducerType", () -> new Notice(1, 0, 1 << 24, 0, 0, 0, 0, d, g));
        assertMessage("VendorID", () -> new Notice(0, 0, 1 << 24, 0, 0, 0, 0, d, g));
        assertMessage("TrapNumber", () -> new Notice(1, 0, 0, 0x10000, 0, 0, 0, d, g));
        assertMessage("DeviceID", () -> new Notice(0, 0, 0, -1, 0, 0, 0, d, g));
        assertMessage("IssuerLID", () -> new Notice(1, 0, 0, 0, 0x10000, 0, 0, d, g));
        assertMessage("DataDetails", () -> new Notice(1, 0, 0, 0, 0, 0, 0, new byte[64], g));
        assertMessage("IssuerGID", () -> new Notice(1, 0, 0, 0, 0, 0, 0, d, new byte[0]));
        assertMessage("DRHopCount", () -> new BadMKeyTrap(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, new byte[30]));
        assertMessage("ChangeFlags", () -> new LocalChangesTrap(0, false, 0, 0x40, 0));
        assertMessage("CAPABILITYMASK", () -> new LocalChangesTrap(0, false, 1L << 32, 0, 0));
        assertMessage("SL", () -> new BadKeyTrap(0, 0, 0, 0, 16, 0, 0, 0, 0, g, g, 0));
        assertMessage("QP2", () -> new SwitchBadPKeyTrap(0, 0, 0, 0, 0, 0, 0, 0, 1 << 24, g, g, 0, 0, 0));
        assertMessage("PORTNO", () -> new PortTrap(0, 256));
        assertMessage("LIDADDR", () -> new LinkStateTrap(0x10000));
        assertMessage("GIDADDR", () -> new GidTrap(new byte[8]));
    }

    static void assertMessage(String field, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().startsWith(field + " "), e.getMessage());
    }

    @Test
    void recordsWithByteArraysCompareAndPrintByContent() {
        byte[] gid = new byte[16];
        gid[15] = 0x2A;
        GidTrap a = new GidTrap(gid);
        GidTrap same = new GidTrap(gid.clone());
        gid[0] = 1;
        GidTrap other = new GidTrap(gid);
        assertEquals(a, same, "arrays compared by content, not identity");
        assertEquals(a.hashCode(), same.hashCode());
        assertFalse(a.equals(other));
        assertFalse(a.equals(new Raw(a.toBytes())), "same bytes, another kind of details");
        assertEquals(
                "GidTrap[reserved80=0x0, gidAddr=" + "00".repeat(15) + "2a, reserved256=" + "00".repeat(32) + "]",
                a.toString());
        Notice n = Notice.decode(new byte[Notice.SIZE], 0);
        Notice copy = Notice.decode(n.toBytes(), 0);
        assertEquals(n, copy);
        assertEquals(n.hashCode(), copy.hashCode());
        assertTrue(n.toString().startsWith("Notice[isGeneric=0, type=0, "), n.toString());
    }
}
