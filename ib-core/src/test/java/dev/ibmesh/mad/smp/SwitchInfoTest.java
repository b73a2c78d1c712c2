package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.assertRange;
import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static dev.ibmesh.mad.smp.SmpTestSupport.smpData;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SwitchInfoTest {
    /** Vector S5 of docs/test-vectors.md: LID-routed SubnGetResp(SwitchInfo), checked with tshark. */
    static final String S5 = """
            f0020001004800026400ffff0000000000000000000000000000000001010181
            0000000000000000000012370012000000000000000000000000000000000000
            00000000000000000000000000000000000000000000000000000000c0000000
            0200001000ffff9500010020c800c00300000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            0000000000000000000000000000000000000000000000000000000000000000
            00000000000000000000000000000000000000000000000000000000772e17d2
            b960""";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(SwitchInfo.SIZE, SwitchInfo::decode, 2000);
    }

    @Test
    void decodesVectorS5() {
        byte[] data = smpData(S5);
        SwitchInfo s = SwitchInfo.decode(data, 0);
        assertEquals(0xC000, s.linearFdbCap());
        assertEquals(0, s.randomFdbCap());
        assertEquals(0x0200, s.multicastFdbCap());
        assertEquals(0x10, s.linearFdbTop());
        assertEquals(0, s.defaultPort());
        assertEquals(0xFF, s.defaultMulticastPrimaryPort());
        assertEquals(0xFF, s.defaultMulticastNotPrimaryPort());
        assertEquals(18, s.lifeTimeValue());
        assertTrue(s.portStateChange());
        assertEquals(1, s.optimizedSlToVlMappingProgramming());
        assertEquals(1, s.lidsPerPort());
        assertEquals(32, s.partitionEnforcementCap());
        assertTrue(s.inboundEnforcementCap());
        assertTrue(s.outboundEnforcementCap());
        assertFalse(s.filterRawInboundCap());
        assertFalse(s.filterRawOutboundCap());
        assertTrue(s.enhancedPort0());
        assertEquals(0, s.reserved133());
        assertEquals(0xC003, s.multicastFdbTop());
        assertArrayEquals(Arrays.copyOf(data, SwitchInfo.SIZE), s.toBytes());
    }

    @Test
    void eachFlagOfByte16HasItsOwnBit() {
        assertFlags("0000000000000000000000000000000080000000", true, false, false, false, false);
        assertFlags("0000000000000000000000000000000040000000", false, true, false, false, false);
        assertFlags("0000000000000000000000000000000020000000", false, false, true, false, false);
        assertFlags("0000000000000000000000000000000010000000", false, false, false, true, false);
        assertFlags("0000000000000000000000000000000008000000", false, false, false, false, true);
        // bytes 16-17 = 0x0701: no flag, reserved bits 133-143 = 111 0000 0001
        SwitchInfo reserved = SwitchInfo.decode(hex("00000000000000000000000000000000" + "0701" + "0000"), 0);
        assertEquals(0x701, reserved.reserved133());
        assertFalse(reserved.enhancedPort0());
    }

    @Test
    void byte11SplitsIntoLifeTimeStateChangeAndOptimizedSlToVl() {
        SwitchInfo s = SwitchInfo.decode(hex("0000000000000000000000" + "fa" + "0000000000000000"), 0);
        // 0xFA = 11111 0 10
        assertEquals(31, s.lifeTimeValue());
        assertFalse(s.portStateChange());
        assertEquals(2, s.optimizedSlToVlMappingProgramming());
    }

    @Test
    void constructorRangeErrorsNameTheField() throws Throwable {
        SwitchInfo s = SwitchInfo.decode(smpData(S5), 0);
        assertRange(s, "linearFdbCap", 0xFFFF, 0x10000, "LinearFDBCap");
        assertRange(s, "defaultPort", 255, 256, "DefaultPort");
        assertRange(s, "lifeTimeValue", 31, 32, "LifeTimeValue");
        assertRange(s, "optimizedSlToVlMappingProgramming", 3, 4, "OptimizedSLtoVLMappingProgramming");
        assertRange(s, "reserved133", 0x7FF, 0x800, "reserved133");
        assertRange(s, "multicastFdbTop", 0xFFFF, -1, "MulticastFDBTop");
    }

    private static void assertFlags(
            String hex, boolean inbound, boolean outbound, boolean rawIn, boolean rawOut, boolean port0) {
        SwitchInfo s = SwitchInfo.decode(hex(hex), 0);
        assertEquals(inbound, s.inboundEnforcementCap(), "InboundEnforcementCap");
        assertEquals(outbound, s.outboundEnforcementCap(), "OutboundEnforcementCap");
        assertEquals(rawIn, s.filterRawInboundCap(), "FilterRawInboundCap");
        assertEquals(rawOut, s.filterRawOutboundCap(), "FilterRawOutboundCap");
        assertEquals(port0, s.enhancedPort0(), "EnhancedPort0");
        assertEquals(0, s.reserved133());
    }
}
