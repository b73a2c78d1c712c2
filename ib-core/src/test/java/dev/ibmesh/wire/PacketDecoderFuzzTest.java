package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The packet decoder on any bytes returns a packet or a typed rejection, never anything else; whatever decodes
 * re-encodes to the same bytes. Plain {@code mvn test} replays the inputs kept under
 * {@code src/test/resources/dev/ibmesh/wire/PacketDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes for real.
 */
class PacketDecoderFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void decodeAnyBytes(byte[] data) {
        for (Mtu mtu : new Mtu[] {Mtu.MTU_256, Mtu.MTU_4096}) {
            DecodeResult strict = PacketDecoder.decode(data, mtu);
            assertNotNull(strict);
        }
        DecodeResult lenient = PacketParser.parse(data);
        if (lenient instanceof DecodeResult.Decoded d) {
            assertArrayEquals(data, d.packet().encode());
        }
        if (data.length >= FlowControlPacket.SIZE) {
            FlowControlPacket fc = FlowControlPacket.decode(data, 0);
            byte[] again = fc.encode();
            assertArrayEquals(java.util.Arrays.copyOf(data, FlowControlPacket.SIZE), again);
        }
    }
}
