package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Property: any packet the builder makes from random field values passes the checks and decodes to its fields. */
class PacketRoundTripTest {
    @Test
    void randomPacketsOfEveryOpcode() {
        long seed = new Random().nextLong();
        Random r = new Random(seed);
        for (int i = 0; i < 5000; i++) {
            OpCode op = OpCode.valueOf(r.nextInt(256));
            boolean global = r.nextBoolean();
            Lrh lrh = new Lrh(
                    r.nextInt(16),
                    0,
                    r.nextInt(16),
                    r.nextInt(4),
                    0,
                    r.nextInt(0x10000),
                    r.nextInt(32),
                    0,
                    r.nextInt(0x10000));
            Bth bth = new Bth(
                    op,
                    r.nextBoolean(),
                    r.nextBoolean(),
                    0,
                    r.nextInt(16),
                    r.nextInt(0x10000),
                    r.nextInt(256),
                    r.nextInt(1 << 24),
                    r.nextBoolean(),
                    r.nextInt(128),
                    r.nextInt(1 << 24));
            PacketBuilder b = PacketBuilder.iba(lrh, bth)
                    .headers(randomHeaders(op, r))
                    .payload(op.hasPayload() ? randomBytes(r, r.nextInt(600)) : new byte[0]);
            if (global) {
                b.grh(new Grh(
                        6,
                        r.nextInt(256),
                        r.nextInt(1 << 20),
                        0,
                        Grh.NXT_HDR_IBA,
                        r.nextInt(256),
                        new Gid(r.nextLong(), r.nextLong()),
                        new Gid(r.nextLong(), r.nextLong())));
            }
            IbaPacket built = (IbaPacket) b.packet();
            byte[] frame = b.build();
            String ctx = "seed " + seed + " iteration " + i + " " + op;
            assertEquals(RejectReason.NONE, PacketCheck.check(frame, 0, frame.length, Mtu.MTU_4096), ctx);
            IbaPacket decoded =
                    (IbaPacket) PacketDecoder.decode(frame, Mtu.MTU_4096).packetOrThrow();
            assertEquals(built, decoded, ctx);
            assertArrayEquals(frame, decoded.encode(), ctx);
        }
    }

    @Test
    void randomRawPackets() {
        Random r = new Random(11);
        for (int i = 0; i < 500; i++) {
            Lrh lrh = Lrh.of(r.nextInt(16), r.nextInt(16), r.nextInt(2), r.nextInt(0x10000), r.nextInt(0x10000));
            byte[] body = randomBytes(r, 12 + 4 * r.nextInt(100));
            byte[] frame = PacketBuilder.raw(lrh, body).build();
            assertEquals(RejectReason.NONE, PacketCheck.check(frame, 0, frame.length, Mtu.MTU_4096));
            RawPacket p = (RawPacket) PacketParser.parse(frame).packetOrThrow();
            assertArrayEquals(body, p.body());
            assertArrayEquals(frame, p.encode());
        }
    }

    private static ExtHeader[] randomHeaders(OpCode op, Random r) {
        return op.headers().stream()
                .map(t -> t.decode(randomBytes(r, t.size()), 0))
                .toArray(ExtHeader[]::new);
    }

    private static byte[] randomBytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
