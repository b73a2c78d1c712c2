package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each error the builder can inject is found by the check, with the precedence of IBA figure 25-20. */
class PacketCheckTest {
    private static PacketBuilder sendOnly(int payloadBytes) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x12, true, 7))
                .payload(new byte[payloadBytes]);
    }

    private static RejectReason check(byte[] frame, Mtu mtu) {
        return PacketCheck.check(frame, 0, frame.length, mtu);
    }

    @Test
    void goodPacketPasses() {
        assertEquals(RejectReason.NONE, check(sendOnly(13).build(), Mtu.MTU_256));
    }

    @Test
    void eachInjectedErrorIsFound() {
        assertEquals(RejectReason.BAD_VCRC, check(sendOnly(8).badVcrc().build(), Mtu.MTU_4096));
        assertEquals(RejectReason.BAD_ICRC, check(sendOnly(8).badIcrc().build(), Mtu.MTU_4096));
        assertEquals(RejectReason.PKTLEN_MISMATCH, check(sendOnly(8).pktLen(5).build(), Mtu.MTU_4096));
        assertEquals(
                RejectReason.BAD_LVER,
                check(
                        PacketBuilder.iba(
                                        new Lrh(0, 3, 0, 0, 2, 2, 0, 0, 1),
                                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                                .build(),
                        Mtu.MTU_4096));
        assertEquals(
                RejectReason.ABOVE_MAXIMUM_LENGTH, check(sendOnly(257 + 126).build(), Mtu.MTU_256));
        assertEquals(RejectReason.NONE, check(sendOnly(256).build(), Mtu.MTU_256));
    }

    @Test
    void crcErrorsTakePrecedenceOverLengthAndLver() {
        byte[] f = PacketBuilder.iba(
                        new Lrh(0, 3, 0, 0, 2, 2, 0, 0, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                .pktLen(99)
                .badIcrc()
                .build();
        assertEquals(RejectReason.BAD_ICRC, check(f, Mtu.MTU_4096));
        f = PacketBuilder.iba(new Lrh(0, 3, 0, 0, 2, 2, 0, 0, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                .pktLen(99)
                .build();
        assertEquals(RejectReason.PKTLEN_MISMATCH, check(f, Mtu.MTU_4096), "length before LVer");
    }

    @Test
    void truncatedAndExtendedFramesFail() {
        assertEquals(RejectReason.BAD_VCRC, check(sendOnly(8).truncateBy(4).build(), Mtu.MTU_4096));
        assertEquals(RejectReason.BAD_VCRC, check(sendOnly(8).appendBytes(4).build(), Mtu.MTU_4096));
        assertEquals(RejectReason.BELOW_MINIMUM_LENGTH, check(new byte[9], Mtu.MTU_4096));
    }

    @Test
    void minimumLengths() {
        // An ACK-less BTH-only packet is the 24-byte minimum; a raw packet must be 20 bytes before the VCRC.
        byte[] minimal = PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.valueOf(0x1C), 0xFFFF, 1, false, 0))
                .build();
        assertEquals(26, minimal.length);
        assertEquals(RejectReason.NONE, check(minimal, Mtu.MTU_256));
        byte[] raw16 =
                PacketBuilder.raw(Lrh.of(0, 0, Lrh.LNH_RAW, 2, 1), new byte[8]).build();
        assertEquals(RejectReason.BELOW_MINIMUM_LENGTH, check(raw16, Mtu.MTU_256));
        byte[] raw20 =
                PacketBuilder.raw(Lrh.of(0, 0, Lrh.LNH_RAW, 2, 1), new byte[12]).build();
        assertEquals(RejectReason.NONE, check(raw20, Mtu.MTU_256));
        RawPacket p = assertInstanceOf(
                RawPacket.class, PacketDecoder.decode(raw20, Mtu.MTU_256).packetOrThrow());
        assertEquals(5, p.lrh().pktLen());
    }

    @Test
    void parserRejectsWhatItCannotStructure() {
        byte[] shortAtomic = PacketBuilder.iba(
                        Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.RC_COMPARE_SWAP, 0xFFFF, 1, true, 0))
                .anyHeaders()
                .build();
        DecodeResult r = PacketParser.parse(shortAtomic);
        assertEquals(
                RejectReason.TRUNCATED_HEADERS,
                assertInstanceOf(DecodeResult.Rejected.class, r).reason());
        assertTrue(r.toString().contains("ATOMIC_ETH"), r.toString());

        byte[] pad = PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, true, 0))
                .padCnt(3)
                .build();
        assertEquals(
                RejectReason.PAD_EXCEEDS_PAYLOAD,
                ((DecodeResult.Rejected) PacketDecoder.decode(pad, Mtu.MTU_4096)).reason());
    }

    @Test
    void builderRefusesHeadersThatDoNotMatchTheOpcode() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 1, false, 0))
                        .build());
        assertTrue(e.getMessage().contains("[DETH]"), e.getMessage());
    }

    @Test
    void rangeErrorsNameTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lrh.of(16, 0, 2, 1, 1));
        assertEquals("VL must fit in 4 bits, was 16", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Bth.of(OpCode.RC_SEND_ONLY, 0, 1 << 24, false, 0));
        assertEquals("DestQP must fit in 24 bits, was 16777216", e.getMessage());
    }

    @Test
    void flowControlPacketRoundTripAndLpcrc() {
        FlowControlPacket fc = FlowControlPacket.of(FlowControlPacket.OP_INIT, 0xABC, 3, 0x123);
        byte[] b = fc.encode();
        assertEquals(0x1A, b[0] & 0xFF);
        assertEquals(0xBC, b[1] & 0xFF);
        assertEquals(0x31, b[2] & 0xFF);
        assertEquals(0x23, b[3] & 0xFF);
        assertTrue(FlowControlPacket.isLpcrcValid(b, 0));
        assertEquals(fc, FlowControlPacket.decode(b, 0));
        b[5] ^= 1;
        assertEquals(false, FlowControlPacket.isLpcrcValid(b, 0));
    }
}
