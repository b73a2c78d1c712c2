package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** Every verified frame decodes, passes the link checks, re-encodes bit for bit, and rebuilds identically. */
class KnownFramesTest {
    static final java.util.List<KnownFrames.KnownFrame> FRAMES = KnownFrames.ALL;

    @ParameterizedTest
    @FieldSource("FRAMES")
    void decodesChecksAndReencodes(KnownFrames.KnownFrame f) {
        byte[] b = f.bytes();
        assertEquals(RejectReason.NONE, PacketCheck.check(b, 0, b.length, Mtu.MTU_4096), f.name());
        IbaPacket p = assertInstanceOf(
                IbaPacket.class, PacketDecoder.decode(b, Mtu.MTU_4096).packetOrThrow());
        assertEquals(f.icrc(), p.icrc());
        assertEquals(f.vcrcRegister(), p.vcrc());
        assertEquals(b.length / 4, p.lrh().pktLen(), "PktLen counts LRH..ICRC in words");
        assertArrayEquals(b, p.encode(), "re-encode");
    }

    /** The builder, given only the fields a user sets, computes PktLen, PadCnt, PayLen and both CRCs as hardware did. */
    @ParameterizedTest
    @FieldSource("FRAMES")
    void builderReproducesFrame(KnownFrames.KnownFrame f) {
        byte[] b = f.bytes();
        IbaPacket p = (IbaPacket) PacketParser.parse(b).packetOrThrow();
        PacketBuilder builder = PacketBuilder.iba(p.lrh().withPktLen(0), p.bth().withPadCnt(0))
                .headers(p.headers().toArray(ExtHeader[]::new))
                .payload(p.payload());
        if (p.grh() != null) {
            builder.grh(p.grh().withPayLen(0));
        }
        assertArrayEquals(b, builder.build(), f.name());
    }

    @Test
    void realRcAcknowledgeFields() {
        IbaPacket p = (IbaPacket) PacketParser.parse(KnownFrames.R1.bytes()).packetOrThrow();
        assertEquals(0, p.lrh().vl());
        assertEquals(Lrh.LNH_IBA_LOCAL, p.lrh().lnh());
        assertEquals(4, p.lrh().dlid());
        assertEquals(1, p.lrh().slid());
        assertEquals(7, p.lrh().pktLen());
        assertEquals(OpCode.RC_ACKNOWLEDGE, p.bth().opCode());
        assertEquals(0xFFFF, p.bth().pKey());
        assertEquals(0x870408, p.bth().destQp());
        assertEquals(0xD40A55, p.bth().psn());
        Aeth aeth = p.header(Aeth.class);
        assertEquals(Aeth.TYPE_ACK, aeth.syndromeType());
        assertEquals(Aeth.CREDIT_CODE_INVALID, aeth.syndromeValue());
        assertEquals(1, aeth.msn());
        assertEquals("ACK credits=invalid", aeth.describe());
    }

    @Test
    void globalPacketFields() {
        IbaPacket p = (IbaPacket) PacketParser.parse(KnownFrames.S17.bytes()).packetOrThrow();
        Grh g = p.grh();
        assertNotNull(g);
        assertEquals(6, g.ipVer());
        assertEquals(0x12, g.tClass());
        assertEquals(0x34567, g.flowLabel());
        assertEquals(32, g.payLen());
        assertEquals(Grh.NXT_HDR_IBA, g.nxtHdr());
        assertEquals(0x40, g.hopLmt());
        assertEquals("fe80:0000:0000:0000:0002:c903:0000:1001", g.sgid().toString());
        Deth d = p.header(Deth.class);
        assertEquals(0x11111111, d.qKey());
        assertEquals(0x20, d.srcQp());
        assertEquals("GRHPAYLD", new String(p.payload(), java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Test
    void padIsSeparatedFromPayload() {
        IbaPacket p = (IbaPacket) PacketParser.parse(KnownFrames.S8.bytes()).packetOrThrow();
        assertEquals(3, p.bth().padCnt());
        assertEquals("hello", new String(p.payload(), java.nio.charset.StandardCharsets.US_ASCII));
        assertArrayEquals(new byte[3], p.pad());
        assertTrue(p.bth().ackReq());
        assertEquals(100, p.bth().psn());
    }

    @Test
    void extendedHeadersOfEachKind() {
        Aeth rnr = ((IbaPacket) PacketParser.parse(KnownFrames.S9.bytes()).packetOrThrow()).header(Aeth.class);
        assertEquals(Aeth.TYPE_RNR_NAK, rnr.syndromeType());
        assertEquals(1_280_000L, Aeth.rnrTimerNanos(rnr.syndromeValue()));
        Aeth nak = ((IbaPacket) PacketParser.parse(KnownFrames.S10.bytes()).packetOrThrow()).header(Aeth.class);
        assertEquals("NAK remote access error", nak.describe());
        Aeth ack = ((IbaPacket) PacketParser.parse(KnownFrames.S11.bytes()).packetOrThrow()).header(Aeth.class);
        assertEquals(32, Aeth.credits(ack.syndromeValue()));
        IbaPacket atomicAck =
                (IbaPacket) PacketParser.parse(KnownFrames.S12.bytes()).packetOrThrow();
        assertEquals(0xDEADBEEFCAFEF00DL, atomicAck.header(AtomicAckEth.class).originalRemoteData());
        Reth reth = ((IbaPacket) PacketParser.parse(KnownFrames.S13.bytes()).packetOrThrow()).header(Reth.class);
        assertEquals(0x00007F0000001000L, reth.virtualAddress());
        assertEquals(0x1234, reth.rKey());
        assertEquals(8, reth.dmaLength());
        AtomicEth cas =
                ((IbaPacket) PacketParser.parse(KnownFrames.S14.bytes()).packetOrThrow()).header(AtomicEth.class);
        assertEquals(0x5678, cas.rKey());
        assertEquals(0x1111, cas.swapOrAddData());
        assertEquals(0x2222, cas.compareData());
        assertNull(atomicAck.header(Reth.class));
    }

    @Test
    void negativeVectorsAreFlagged() {
        // S18: the VCRC covers the ICRC, so a damaged ICRC byte is first a VCRC error on the link...
        byte[] s18 = KnownFrames.S1.bytes();
        s18[284] ^= (byte) 0xFF;
        assertEquals(RejectReason.BAD_VCRC, PacketCheck.check(s18, 0, s18.length, Mtu.MTU_4096));
        // ...and an ICRC error once a hop regenerated the VCRC (what a switch does on every DR SMP hop).
        Vcrc.write(s18, 288, Vcrc.compute(s18, 0, 288));
        assertEquals(RejectReason.BAD_ICRC, PacketCheck.check(s18, 0, s18.length, Mtu.MTU_4096));
        assertEquals(false, PacketCheck.isIcrcValid(s18, 0, s18.length));
        byte[] s19 = KnownFrames.S1.bytes();
        s19[289] ^= (byte) 0xFF;
        assertEquals(RejectReason.BAD_VCRC, PacketCheck.check(s19, 0, s19.length, Mtu.MTU_4096));
    }
}
