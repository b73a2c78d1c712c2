package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The flyweight view reads what PacketParser's records hold, and refuses what PacketParser rejects. */
class IbaFrameTest {
    @Test
    void readsTheFieldsAndPayloadOfEveryOpcode() {
        Random r = new Random(17);
        for (int i = 0; i < 3000; i++) {
            byte[] frame = randomFrame(r);
            IbaPacket p = (IbaPacket) PacketParser.parse(frame).packetOrThrow();
            IbaFrame v = IbaFrame.of(frame);
            String ctx = "iteration " + i + " " + p;
            assertNotNull(v, ctx);
            assertEquals(p.bth().opCode(), v.opCode(), ctx);
            assertEquals(p.bth().solicitedEvent(), v.solicitedEvent(), ctx);
            assertEquals(p.bth().pKey(), v.pKey(), ctx);
            assertEquals(p.bth().destQp(), v.destQp(), ctx);
            assertEquals(p.bth().ackReq(), v.ackReq(), ctx);
            assertEquals(p.bth().psn(), v.psn(), ctx);
            assertEquals(p.lrh().slid(), v.slid(), ctx);
            assertEquals(p.lrh().sl(), v.sl(), ctx);
            assertEquals(p.grh(), v.grh(), ctx);
            assertEquals(p.grh() != null, v.hasGrh(), ctx);
            for (ExtHeaderType t : ExtHeaderType.values()) {
                assertEquals(p.header(t.recordClass()), v.header(t.recordClass()), ctx + " " + t);
            }
            assertArrayEquals(
                    p.payload(),
                    Arrays.copyOfRange(frame, v.payloadOffset(), v.payloadOffset() + v.payloadLength()),
                    ctx);
        }
    }

    @Test
    void refusesWhatTheParserRejectsAndRawPackets() {
        Random r = new Random(19);
        for (int i = 0; i < 3000; i++) {
            byte[] whole = randomFrame(r);
            byte[] frame = Arrays.copyOf(whole, r.nextInt(whole.length + 1));
            if (r.nextInt(4) == 0 && frame.length > 1) {
                frame[1] = (byte) (frame[1] & ~0x3 | r.nextInt(4));
            }
            boolean parsedIba =
                    PacketParser.parse(frame) instanceof DecodeResult.Decoded d && d.packet() instanceof IbaPacket;
            assertEquals(parsedIba, IbaFrame.of(frame) != null, "iteration " + i + " length " + frame.length);
        }
        assertNull(IbaFrame.of(
                PacketBuilder.raw(Lrh.of(0, 0, Lrh.LNH_RAW, 1, 2), new byte[16]).build()));
    }

    private static byte[] randomFrame(Random r) {
        OpCode op = OpCode.valueOf(r.nextInt(256));
        Bth bth = new Bth(
                op,
                r.nextBoolean(),
                false,
                0,
                0,
                r.nextInt(0x10000),
                0,
                r.nextInt(1 << 24),
                r.nextBoolean(),
                0,
                r.nextInt(1 << 24));
        PacketBuilder b = PacketBuilder.iba(
                        Lrh.of(r.nextInt(15), r.nextInt(16), Lrh.LNH_IBA_LOCAL, r.nextInt(0xC000), r.nextInt(0xC000)),
                        bth)
                .headers(op.headers().stream()
                        .map(t -> t.decode(FrameWriterTest.bytes(r, t.size()), 0))
                        .toArray(ExtHeader[]::new))
                .payload(FrameWriterTest.bytes(r, op.hasPayload() ? r.nextInt(300) : 0));
        if (r.nextBoolean()) {
            b.grh(Grh.of(1, 2, 3, new Gid(r.nextLong(), r.nextLong()), new Gid(r.nextLong(), r.nextLong())));
        }
        return b.build();
    }
}
