package dev.ibmesh.mad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.BiFunction;

/** Shared property check: decoding then encoding any bytes of an attribute gives the same bytes. */
public final class AttributeRoundTrip {
    private AttributeRoundTrip() {}

    /**
     * Runs {@code iterations} random inputs (seeded, so a failure names a reproducible seed) through
     * {@code decode} and back, inside a larger buffer at a non-zero offset so that offsets are exercised too.
     */
    public static <T extends Attribute> void check(int size, BiFunction<byte[], Integer, T> decode, int iterations) {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int i = 0; i < iterations; i++) {
            byte[] in = new byte[size + 7];
            random.nextBytes(in);
            if (i == 0) {
                Arrays.fill(in, (byte) 0);
            } else if (i == 1) {
                Arrays.fill(in, (byte) 0xFF);
            }
            T attr = decode.apply(in, 3);
            assertEquals(size, attr.size(), "size()");
            byte[] out = new byte[size + 7];
            attr.encode(out, 3);
            byte[] want = Arrays.copyOfRange(in, 3, 3 + size);
            byte[] got = Arrays.copyOfRange(out, 3, 3 + size);
            assertArrayEquals(
                    want,
                    got,
                    () -> "round trip failed, seed " + seed + ", input "
                            + HexFormat.of().formatHex(want) + "\n decoded " + attr);
            assertEquals(attr, decode.apply(out, 3), "decode(encode(x)) == x, seed " + seed);
        }
    }
}
