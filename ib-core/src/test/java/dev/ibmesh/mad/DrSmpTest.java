package dev.ibmesh.mad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DrSmpTest {
    private static final int NODE_INFO = 0x0011;

    @Test
    void outboundPutsThePathFromInitialPath1() {
        DrSmp smp = DrSmp.outbound(Method.GET, 1, NODE_INFO, 0, 0, new byte[0], 3, 255, 1);
        assertEquals(3, smp.hopCount());
        assertEquals(0, smp.initialPath(0));
        assertEquals(3, smp.initialPath(1));
        assertEquals(255, smp.initialPath(2));
        assertEquals(1, smp.initialPath(3));
    }

    @Test
    void outboundNamesThePathEntryOutOfRange() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> DrSmp.outbound(Method.GET, 1, NODE_INFO, 0, 0, new byte[0], 3, 256));
        assertEquals("InitialPath[2] must fit in 8 bits, was 256", e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class, () -> DrSmp.outbound(Method.GET, 1, NODE_INFO, 0, 0, new byte[0], -1));
        assertEquals("InitialPath[1] must fit in 8 bits, was -1", e.getMessage());
    }
}
