package dev.ibmesh.mad.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.sa.SaMad;
import java.util.Arrays;

/**
 * The MAD decoder on any bytes returns a MAD or a typed rejection; a decoded MAD's class layout and attribute
 * re-encode to the very bytes they came from. Plain {@code mvn test} replays the kept inputs; {@code JAZZER_FUZZ=1}
 * fuzzes for real.
 */
class MadDecoderFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void decodeAnyBytes(byte[] data) {
        MadDecoder.Result result = MadDecoder.decode(data, 0, data.length);
        assertNotNull(result);
        if (data.length < Mad.SIZE) {
            assertInstanceOf(MadDecoder.Rejected.class, result);
            return;
        }
        MadDecoder.DecodedMad mad = ((MadDecoder.Decoded) result).mad();
        byte[] in = Arrays.copyOf(data, Mad.SIZE);
        assertArrayEquals(in, mad.mad().toBytes());
        Record layout = mad.layout();
        Mad again = layout instanceof Smp smp
                ? smp.encode()
                : layout instanceof DrSmp dr
                        ? dr.encode()
                        : layout instanceof PmaMad pma
                                ? pma.encode()
                                : layout instanceof SaMad sa ? sa.encode() : mad.mad();
        assertArrayEquals(in, again.toBytes(), "layout round trip");
        if (mad.attribute() != null) {
            int dataOffset = layout instanceof PmaMad
                    ? PmaMad.DATA_OFFSET
                    : layout instanceof SaMad ? SaMad.DATA_OFFSET : Smp.DATA_OFFSET;
            byte[] out = in.clone();
            mad.attribute().encode(out, dataOffset);
            assertArrayEquals(
                    in,
                    out,
                    "attribute round trip " + mad.attribute().getClass().getSimpleName());
        }
    }
}
