package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BlocksTest {
    @Test
    void framesRoundUpToWholeBlocks() {
        assertEquals(1, Blocks.ofFrame(1));
        assertEquals(1, Blocks.ofFrame(64));
        assertEquals(2, Blocks.ofFrame(65));
        assertEquals(66, Blocks.ofFrame(4222));
    }

    @Test
    void pktLenCountsTheVcrcToo() {
        assertEquals(1, Blocks.ofPktLen(6), "smallest IBA packet: 24 bytes + VCRC");
        assertEquals(5, Blocks.ofPktLen(72), "a MAD over UD: 288 bytes + VCRC = 290");
        assertEquals(2, Blocks.ofPktLen(16), "64 bytes through ICRC + 2 bytes of VCRC spill into a second block");
        assertEquals(66, Blocks.ofPktLen(1055), "largest packet at MTU 4096");
    }

    @Test
    void modWrapsNegativeDifferences() {
        assertEquals(10, Blocks.mod(4 - 4090));
        assertEquals(4, Blocks.mod(4100));
        assertEquals(0, Blocks.mod(4096));
    }

    @Test
    void rejectsEmptyFrames() {
        assertThrows(IllegalArgumentException.class, () -> Blocks.ofFrame(0));
    }
}
