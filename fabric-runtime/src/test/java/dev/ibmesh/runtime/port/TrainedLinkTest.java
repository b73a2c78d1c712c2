package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The words and the data rate every view takes from a trained link's PortInfo codes. */
class TrainedLinkTest {
    @ParameterizedTest(name = "{3} {4}")
    @CsvSource({
        // LinkWidthActive, LinkSpeedActive, LinkSpeedExtActive, width, speed, Gb/s of data
        "1,  1, 0, 1x,  SDR, 2",
        "16, 2, 0, 2x,  DDR, 8",
        "2,  4, 0, 4x,  QDR, 32",
        "4,  4, 0, 8x,  QDR, 64",
        "8,  4, 0, 12x, QDR, 96",
        "2,  4, 1, 4x,  FDR, 54.545454545",
        "2,  4, 2, 4x,  EDR, 100",
        "2,  4, 4, 4x,  HDR, 200",
        "1,  4, 8, 1x,  NDR, 100",
        "3,  4, 0, width(3), QDR, 0",
    })
    void wordsAndRate(int width, int speed, int ext, String widthLabel, String speedLabel, double gbps) {
        TrainedLink t = new TrainedLink(width, speed, ext);
        assertEquals(widthLabel, t.widthLabel());
        assertEquals(speedLabel, t.speedLabel());
        assertEquals(gbps, t.bitsPerSecond() / 1e9, 1e-6);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"NONE, 0, 0, 0", "no speed, 2, 0, 0", "no width, 0, 4, 0"})
    void untrainedCarriesNothing(String name, int width, int speed, int ext) {
        TrainedLink t = new TrainedLink(width, speed, ext);
        assertFalse(t.trained());
        assertEquals(0, t.bitsPerSecond());
    }
}
