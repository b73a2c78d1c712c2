package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FrameCrcsTest {
    @Test
    void sealingAPacketWithWrongCrcsGivesThePacketBuilderWouldHaveMade() {
        byte[] good = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 5, false, 9))
                .payload(new byte[] {1, 2, 3, 4})
                .build();
        byte[] bad = good.clone();
        Arrays.fill(bad, bad.length - 6, bad.length, (byte) 0);
        assertFalse(Vcrc.isValid(bad, 0, bad.length));
        FrameCrcs.sealDataPacket(bad);
        assertArrayEquals(good, bad);
        assertTrue(PacketCheck.isIcrcValid(bad, 0, bad.length));
    }

    @Test
    void linkPacketsGetTheirLpcrc() {
        byte[] fc = FlowControlPacket.of(0, 10, 1, 20).encode();
        byte[] bad = fc.clone();
        bad[5] ^= 1;
        assertFalse(FlowControlPacket.isLpcrcValid(bad, 0));
        FrameCrcs.sealLinkPacket(bad);
        assertArrayEquals(fc, bad);
        assertThrows(IllegalArgumentException.class, () -> FrameCrcs.sealLinkPacket(new byte[7]));
        assertThrows(IllegalArgumentException.class, () -> FrameCrcs.sealDataPacket(new byte[9]));
    }
}
