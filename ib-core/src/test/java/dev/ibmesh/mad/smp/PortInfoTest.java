package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.assertRange;
import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static dev.ibmesh.mad.smp.SmpTestSupport.smpData;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import org.junit.jupiter.api.Test;

class PortInfoTest {
    /** Vector S4 of docs/test-vectors.md: LID-routed SubnGetResp(PortInfo), checked field by field with tshark. */
    static final String S4 = """
            f0020001004800056400ffff0000000000000000000000000000000001010181
            0000000000000000000012360015000000000001000000000000000000000000
            0000000000000000000000000000000000000000000000000000000011223344
            55667788fe8000000000000000050001020100480000000f0103030274524247
            534010080905f34a0001000200032092108601230000abcd0000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            00000000000000000000000000000000000000000000000000000000bb6de5b4
            0502""";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PortInfo.SIZE, PortInfo::decode, 2000);
    }

    @Test
    void decodesVectorS4() {
        PortInfo p = PortInfo.decode(smpData(S4), 0);
        assertEquals(0x1122334455667788L, p.mKey());
        assertEquals(0xFE80000000000000L, p.gidPrefix());
        assertEquals(5, p.lid());
        assertEquals(1, p.masterSmLid());
        assertEquals(0x02010048, p.capabilityMask());
        assertEquals(0, p.diagCode());
        assertEquals(15, p.mKeyLeasePeriod());
        assertEquals(1, p.localPortNum());
        assertEquals(3, p.linkWidthEnabled());
        assertEquals(3, p.linkWidthSupported());
        assertEquals(PortInfo.LINK_WIDTH_4X, p.linkWidthActive());
        assertEquals(7, p.linkSpeedSupported());
        assertEquals(PortInfo.PORT_STATE_ACTIVE, p.portState());
        assertEquals(PortInfo.PHYS_STATE_LINK_UP, p.portPhysicalState());
        assertEquals(PortInfo.PHYS_STATE_POLLING, p.linkDownDefaultState());
        assertEquals(1, p.mKeyProtectBits());
        assertEquals(0, p.reserved274());
        assertEquals(2, p.lmc());
        assertEquals(PortInfo.LINK_SPEED_QDR, p.linkSpeedActive());
        assertEquals(7, p.linkSpeedEnabled());
        assertEquals(PortInfo.MTU_4096, p.neighborMtu());
        assertEquals(3, p.masterSmSl());
        assertEquals(4, p.vlCap());
        assertEquals(0, p.initType());
        assertEquals(0x10, p.vlHighLimit());
        assertEquals(8, p.vlArbitrationHighCap());
        assertEquals(9, p.vlArbitrationLowCap());
        assertEquals(0, p.initTypeReply());
        assertEquals(5, p.mtuCap());
        assertEquals(7, p.vlStallCount());
        assertEquals(19, p.hoqLife());
        assertEquals(4, p.operationalVls());
        assertTrue(p.partitionEnforcementInbound());
        assertFalse(p.partitionEnforcementOutbound());
        assertTrue(p.filterRawInbound());
        assertFalse(p.filterRawOutbound());
        assertEquals(1, p.mKeyViolations());
        assertEquals(2, p.pKeyViolations());
        assertEquals(3, p.qKeyViolations());
        assertEquals(32, p.guidCap());
        assertTrue(p.clientReregister());
        assertEquals(0, p.multicastPKeyTrapSuppressionEnabled());
        assertEquals(18, p.subnetTimeOut());
        assertEquals(0, p.reserved416());
        assertEquals(16, p.respTimeValue());
        assertEquals(8, p.localPhyErrors());
        assertEquals(6, p.overrunErrors());
        assertEquals(0x0123, p.maxCreditHint());
        assertEquals(0, p.reserved448());
        assertEquals(0, p.linkSpeedExtActive2());
        assertEquals(0, p.linkSpeedExtSupported2());
        assertEquals(0, p.linkSpeedExtEnabled2());
        assertEquals(0xABCD, p.linkRoundTripLatency());
        assertEquals(0, p.capabilityMask2());
        assertEquals(PortInfo.LINK_SPEED_EXT_NONE, p.linkSpeedExtActive());
        assertEquals(0, p.linkSpeedExtSupported());
        assertEquals(0, p.reserved504());
        assertEquals(0, p.linkSpeedExtEnabled());
        assertArrayEquals(smpData(S4), p.toBytes());
    }

    @Test
    void capabilityMaskConstantsMatchVectorS4() {
        PortInfo p = PortInfo.decode(smpData(S4), 0);
        // 0x02010048 = bits 25, 16, 6 and 3
        assertTrue(p.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED));
        assertTrue(p.hasCapability(PortInfo.CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED));
        assertTrue(p.hasCapability(PortInfo.CAP_IS_SL_MAPPING_SUPPORTED));
        assertTrue(p.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED));
        assertEquals(
                0x02010048,
                PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED
                        | PortInfo.CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED
                        | PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
                        | PortInfo.CAP_IS_TRAP_SUPPORTED);
        assertFalse(p.hasCapability(PortInfo.CAP_IS_SM));
        assertFalse(p.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED | PortInfo.CAP_IS_SM));
        assertEquals(0x80000000, PortInfo.CAP_IS_HIERARCHY_INFO_SUPPORTED);
        assertEquals(0x40000000, PortInfo.CAP_IS_MULTICAST_FDB_TOP_SUPPORTED);
        assertEquals(0x200, PortInfo.CAP_IS_LED_INFO_SUPPORTED);
    }

    /** The bits that S4 leaves at zero: XDR fields in byte 56, reserved bits, CapabilityMask2, extended speeds. */
    @Test
    void decodesFieldsThatS4LeavesZero() {
        byte[] b = new byte[PortInfo.SIZE];
        b[34] = 0x6A; // M_KeyProtectBits 1 | reserved274 5 | LMC 2
        b[51] = (byte) 0xD2; // ClientReregister 1 | MulticastPKeyTrapSuppressionEnabled 2 | SubnetTimeOut 18
        b[52] = (byte) 0xB0; // reserved416 5 | RespTimeValue 16
        b[56] = (byte) 0xB3; // reserved448 1 | ExtActive2 1 | ExtSupported2 2 | ExtEnabled2 3
        b[60] = 0x04; // CapabilityMask2 0x0421
        b[61] = 0x21;
        b[62] = (byte) 0x84; // LinkSpeedExtActive 8 (NDR) | LinkSpeedExtSupported 4
        b[63] = (byte) 0xBE; // reserved504 5 | LinkSpeedExtEnabled 30
        PortInfo p = PortInfo.decode(b, 0);
        assertEquals(1, p.mKeyProtectBits());
        assertEquals(5, p.reserved274());
        assertEquals(2, p.lmc());
        assertTrue(p.clientReregister());
        assertEquals(2, p.multicastPKeyTrapSuppressionEnabled());
        assertEquals(18, p.subnetTimeOut());
        assertEquals(5, p.reserved416());
        assertEquals(16, p.respTimeValue());
        assertEquals(1, p.reserved448());
        assertEquals(PortInfo.LINK_SPEED_EXT2_XDR, p.linkSpeedExtActive2());
        assertEquals(2, p.linkSpeedExtSupported2());
        assertEquals(3, p.linkSpeedExtEnabled2());
        assertEquals(0x0421, p.capabilityMask2());
        assertTrue(p.hasCapability2(PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED
                | PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED
                | PortInfo.CAP2_IS_LINK_SPEED_NDR_SUPPORTED));
        assertFalse(p.hasCapability2(PortInfo.CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED));
        assertEquals(PortInfo.LINK_SPEED_EXT_NDR, p.linkSpeedExtActive());
        assertEquals(PortInfo.LINK_SPEED_EXT_HDR, p.linkSpeedExtSupported());
        assertEquals(5, p.reserved504());
        assertEquals(PortInfo.LINK_SPEED_EXT_DISABLE, p.linkSpeedExtEnabled());
        assertEquals(0, p.lid());
        assertEquals(0, p.capabilityMask());
        assertArrayEquals(b, p.toBytes());
    }

    @Test
    void toBuilderChangesOnlyTheNamedFields() {
        byte[] s4 = smpData(S4);
        PortInfo p = PortInfo.decode(s4, 0);
        PortInfo q = p.toBuilder()
                .portState(PortInfo.PORT_STATE_DOWN)
                .lid(0x1234)
                .clientReregister(false)
                .capabilityMask(PortInfo.CAP_IS_HIERARCHY_INFO_SUPPORTED)
                .build();
        assertEquals(PortInfo.PORT_STATE_DOWN, q.portState());
        assertEquals(0x1234, q.lid());
        assertFalse(q.clientReregister());
        assertEquals(0x80000000, q.capabilityMask());
        byte[] want = s4.clone();
        want[16] = 0x12;
        want[17] = 0x34;
        want[20] = (byte) 0x80;
        want[21] = 0;
        want[22] = 0;
        want[23] = 0;
        want[32] = 0x71; // LinkSpeedSupported 7 kept, PortState 1
        want[51] = 0x12; // ClientReregister cleared, SubnetTimeOut 18 kept
        assertArrayEquals(want, q.toBytes());
        assertEquals(p, PortInfo.decode(s4, 0), "the original is unchanged");
    }

    @Test
    void builderGivesTheBytesItWouldBuildFromAsACopy() {
        PortInfo.Builder b = PortInfo.decode(smpData(S4), 0).toBuilder().localPortNum(7);
        byte[] built = b.build().toBytes();
        byte[] bytes = b.toBytes();
        assertArrayEquals(built, bytes);
        bytes[0] ^= 1;
        assertArrayEquals(built, b.toBytes(), "changing the copy leaves the builder alone");
        assertEquals(7, PortInfo.decode(bytes, 0).localPortNum());
    }

    @Test
    void builderStartsFromZero() {
        PortInfo p = PortInfo.builder()
                .mKey(-1L)
                .linkSpeedExtEnabled(31)
                .filterRawOutbound(true)
                .build();
        byte[] want = new byte[PortInfo.SIZE];
        for (int i = 0; i < 8; i++) {
            want[i] = (byte) 0xFF;
        }
        want[43] = 0x01;
        want[63] = 0x1F;
        assertArrayEquals(want, p.toBytes());
    }

    @Test
    void builderRangeErrorsNameTheField() {
        PortInfo.Builder b = PortInfo.builder();
        assertMessage(assertThrows(IllegalArgumentException.class, () -> b.portState(16)), "PortState");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> b.lmc(8)), "LMC");
        assertMessage(
                assertThrows(IllegalArgumentException.class, () -> b.linkRoundTripLatency(1 << 24)),
                "LinkRoundTripLatency");
        assertMessage(assertThrows(IllegalArgumentException.class, () -> b.lid(-1)), "LID");
    }

    @Test
    void constructorRangeErrorsNameTheField() throws Throwable {
        PortInfo p = PortInfo.decode(smpData(S4), 0);
        assertRange(p, "lid", 0xFFFF, 0x10000, "LID");
        assertRange(p, "portState", 15, 16, "PortState");
        assertRange(p, "portPhysicalState", 15, -1, "PortPhysicalState");
        assertRange(p, "mKeyProtectBits", 3, 4, "M_KeyProtectBits");
        assertRange(p, "reserved274", 7, 8, "reserved274");
        assertRange(p, "lmc", 7, 8, "LMC");
        assertRange(p, "hoqLife", 31, 32, "HOQLife");
        assertRange(p, "vlStallCount", 7, 8, "VLStallCount");
        assertRange(p, "multicastPKeyTrapSuppressionEnabled", 3, 4, "MulticastPKeyTrapSuppressionEnabled");
        assertRange(p, "linkSpeedExtEnabled2", 7, 8, "LinkSpeedExtEnabled2");
        assertRange(p, "reserved448", 1, 2, "reserved448");
        assertRange(p, "linkRoundTripLatency", 0xFFFFFF, 0x1000000, "LinkRoundTripLatency");
        assertRange(p, "capabilityMask2", 0xFFFF, 0x10000, "CapabilityMask2");
        assertRange(p, "linkSpeedExtEnabled", 31, 32, "LinkSpeedExtEnabled");
        assertRange(p, "reserved504", 7, 8, "reserved504");
    }

    @Test
    void decodesAtAnOffset() {
        byte[] buf = new byte[PortInfo.SIZE + 10];
        System.arraycopy(smpData(S4), 0, buf, 10, PortInfo.SIZE);
        assertEquals(PortInfo.decode(smpData(S4), 0), PortInfo.decode(buf, 10));
        assertEquals(0x15, PortInfo.decode(hex("00".repeat(64)), 0).attributeId());
    }

    private static void assertMessage(IllegalArgumentException e, String field) {
        assertTrue(e.getMessage().contains(field), e.getMessage());
    }
}
