package dev.ibmesh.tester.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.PacketParser;
import dev.ibmesh.wire.RejectReason;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each fault makes exactly the defect it names, and nothing else, in the frame the description builds. */
class PacketSpecTest {
    /** A UD SEND Only of 13 bytes (so there is a pad) from LID 1 to LID 2, global. */
    private static final DataPacketSpec UD = DataPacketSpec.iba(
                    new Lrh(0, 0, 3, 0, Lrh.LNH_IBA_LOCAL, 2, 0, 0, 1),
                    Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0x40, false, 77),
                    List.of(new Deth(0x1234, 0x10)),
                    new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
            .withGrh(Grh.of(0, 0, 64, new Gid(Gid.DEFAULT_SUBNET_PREFIX, 1), new Gid(Gid.DEFAULT_SUBNET_PREFIX, 2)));

    private static RejectReason check(byte[] frame) {
        return PacketCheck.check(frame, 0, frame.length, Mtu.MTU_4096, true);
    }

    private static IbaPacket parsed(byte[] frame) {
        return (IbaPacket) ((DecodeResult.Decoded) PacketParser.parse(frame)).packet();
    }

    @Test
    void withoutFaultsEveryFieldIsAsGivenAndTheRestIsComputed() {
        byte[] frame = UD.frame();
        assertEquals(RejectReason.NONE, check(frame));
        IbaPacket p = parsed(frame);
        assertEquals(Lrh.LNH_IBA_GLOBAL, p.lrh().lnh());
        assertEquals(3, p.lrh().sl());
        assertEquals(77, p.bth().psn());
        assertEquals(3, p.bth().padCnt(), "13 bytes of payload take 3 pad bytes");
        assertEquals(new Deth(0x1234, 0x10), p.header(Deth.class));
        assertEquals(64, p.grh().hopLmt());
        assertEquals(frame.length, p.encode().length);
    }

    @Test
    void crcFaultsDamageOnlyTheirCrc() {
        assertEquals(
                RejectReason.BAD_VCRC,
                check(UD.withFaults(Fault.of(Fault.Kind.BAD_VCRC)).frame()));
        byte[] badIcrc = UD.withFaults(Fault.of(Fault.Kind.BAD_ICRC)).frame();
        assertEquals(RejectReason.BAD_ICRC, check(badIcrc));
        assertEquals(
                RejectReason.NONE,
                PacketCheck.check(badIcrc, 0, badIcrc.length, Mtu.MTU_4096, false),
                "the VCRC covers the damaged ICRC: a relaying switch sees nothing wrong");
    }

    @Test
    void lengthFaultsMakeTheLengthWrongWithGoodCrcs() {
        byte[] right = UD.frame();
        byte[] pktLen = UD.withFaults(Fault.of(Fault.Kind.PKTLEN)).frame();
        assertEquals(RejectReason.PKTLEN_MISMATCH, check(pktLen));
        assertEquals(Lrh.pktLen(right, 0) + 1, Lrh.pktLen(pktLen, 0));
        assertEquals(9, Lrh.pktLen(UD.withFaults(Fault.of(Fault.Kind.PKTLEN, 9)).frame(), 0));
        byte[] truncated = UD.withFaults(Fault.of(Fault.Kind.TRUNCATE, 6)).frame();
        assertEquals(right.length - 6, truncated.length);
        assertEquals(
                right.length + 4, UD.withFaults(Fault.of(Fault.Kind.EXCESS)).frame().length);
        assertEquals(
                parsed(right).grh().payLen() + 4,
                parsed(UD.withFaults(Fault.of(Fault.Kind.PAYLEN)).frame()).grh().payLen());
        assertEquals(
                0,
                parsed(UD.withFaults(Fault.of(Fault.Kind.PADCNT)).frame()).bth().padCnt());
    }

    @Test
    void lrhFaultsReplaceTheirFieldOnly() {
        byte[] lver = UD.withFaults(Fault.of(Fault.Kind.LVER)).frame();
        assertEquals(RejectReason.BAD_LVER, check(lver));
        assertEquals(1, Lrh.lver(lver, 0));
        byte[] fields = UD.withFaults(
                        Fault.of(Fault.Kind.VL, 9), Fault.of(Fault.Kind.DLID), Fault.of(Fault.Kind.SLID, 0xC001))
                .frame();
        assertEquals(RejectReason.NONE, check(fields), "VL, DLID and SLID are the port's checks, not the packet's");
        assertEquals(9, Lrh.vl(fields, 0));
        assertEquals(0, Lrh.dlid(fields, 0));
        assertEquals(0xC001, Lrh.slid(fields, 0));
    }

    @Test
    void packetsThePortWouldRefuseOrCannotMarkGoStraightOntoTheLink() {
        assertFalse(UD.direct());
        assertTrue(UD.withFaults(Fault.of(Fault.Kind.VL, 9)).direct());
        DataPacketSpec ebp = UD.withFaults(Fault.of(Fault.Kind.EBP));
        assertTrue(ebp.direct() && ebp.endBad());
        assertArrayEquals(UD.frame(), ebp.frame(), "EBP is how the frame ends, not what it holds");
    }

    @Test
    void faultsThatDoNotFitThePacketAreRefused() {
        DataPacketSpec raw = DataPacketSpec.raw(new Lrh(0, 0, 0, 0, Lrh.LNH_RAW, 2, 0, 0, 1), new byte[16]);
        assertEquals(RejectReason.NONE, check(raw.frame()));
        assertThrows(IllegalArgumentException.class, () -> raw.withFaults(Fault.of(Fault.Kind.BAD_ICRC)));
        assertThrows(IllegalArgumentException.class, () -> UD.withFaults(Fault.of(Fault.Kind.BAD_LPCRC)));
        assertThrows(IllegalArgumentException.class, () -> UD.withFaults(Fault.of(Fault.Kind.VL)));
        assertThrows(
                IllegalArgumentException.class,
                () -> UD.withFaults(Fault.of(Fault.Kind.LVER), Fault.of(Fault.Kind.LVER, 2)));
        assertThrows(IllegalArgumentException.class, () -> Fault.of(Fault.Kind.PADCNT, 4));
        assertThrows(IllegalArgumentException.class, () -> Fault.of(Fault.Kind.EBP, 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> LinkPacketSpec.of(0, 0, 0, 0).withFaults(Fault.of(Fault.Kind.BAD_VCRC)));
    }

    @Test
    void flowControlPacketsTakeAnyFieldValue() {
        byte[] reserved = LinkPacketSpec.of(5, 4095, 15, 17).frame();
        FlowControlPacket fc = FlowControlPacket.decode(reserved, 0);
        assertEquals(new FlowControlPacket(5, 4095, 15, 17, fc.lpcrc()), fc);
        assertTrue(FlowControlPacket.isLpcrcValid(reserved, 0));
        byte[] bad = LinkPacketSpec.of(0, 1, 0, 2)
                .withFaults(Fault.of(Fault.Kind.BAD_LPCRC))
                .frame();
        assertFalse(FlowControlPacket.isLpcrcValid(bad, 0));
        assertEquals(
                5,
                LinkPacketSpec.of(0, 1, 0, 2)
                        .withFaults(Fault.of(Fault.Kind.TRUNCATE, 1))
                        .frame()
                        .length);
        assertThrows(
                IllegalArgumentException.class,
                () -> LinkPacketSpec.of(0, 1, 0, 2).withFaults(Fault.of(Fault.Kind.TRUNCATE, 7)));
        assertThrows(IllegalArgumentException.class, () -> LinkPacketSpec.of(16, 0, 0, 0));
    }
}
