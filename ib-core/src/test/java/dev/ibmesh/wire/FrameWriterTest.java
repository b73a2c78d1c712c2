package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The devices' frame writer produces, byte for byte, the frame PacketBuilder builds from the same fields. */
class FrameWriterTest {
    private static final int[] PAYLOAD_LENGTHS = {0, 1, 2, 3, 4, 5, 255, 256, 4095, 4096};

    @Test
    void sameBytesAsPacketBuilderForEveryOpcodeLocalAndGlobal() {
        Random r = new Random(13);
        for (int code = 0; code < 256; code++) {
            OpCode op = OpCode.valueOf(code);
            for (int len : op.hasPayload() ? PAYLOAD_LENGTHS : new int[] {0}) {
                for (boolean global : new boolean[] {false, true}) {
                    Lrh lrh = Lrh.of(r.nextInt(15), r.nextInt(16), Lrh.LNH_IBA_LOCAL, r.nextInt(0xC000), 1);
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
                    ExtHeader[] headers = op.headers().stream()
                            .map(t -> t.decode(bytes(r, t.size()), 0))
                            .toArray(ExtHeader[]::new);
                    Grh grh = global
                            ? Grh.of(
                                    r.nextInt(256),
                                    r.nextInt(1 << 20),
                                    r.nextInt(256),
                                    new Gid(r.nextLong(), r.nextLong()),
                                    new Gid(r.nextLong(), r.nextLong()))
                            : null;
                    byte[] payload = bytes(r, len);
                    PacketBuilder b =
                            PacketBuilder.iba(lrh, bth).headers(headers).payload(payload);
                    if (grh != null) {
                        b.grh(grh);
                    }
                    assertArrayEquals(
                            b.build(),
                            FrameWriter.write(lrh, grh, bth, headers, FrameWriter.Payload.of(payload)),
                            op + " payload " + len + (global ? " global" : " local"));
                }
            }
        }
    }

    static byte[] bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
