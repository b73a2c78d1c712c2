package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** PortState and PortPhysicalState as open enums: the spec's names, unknown codes kept with their number. */
class PortStateTest {
    @Test
    void portStatesHaveTheSpecsNames() {
        assertEquals("NoChange", PortState.valueOf(0).name());
        assertEquals("Down", PortState.valueOf(PortInfo.PORT_STATE_DOWN).name());
        assertEquals("Init", PortState.valueOf(2).toString());
        assertEquals("Armed", PortState.valueOf(3).name());
        assertEquals("Active", PortState.valueOf(4).name());
        assertEquals("ActDefer", PortState.valueOf(5).name());
        assertSame(PortState.ARMED, PortState.valueOf(3));
        assertEquals(3, PortState.ARMED.code());
    }

    @Test
    void reservedPortStatesKeepTheirNumber() {
        PortState reserved = PortState.valueOf(9);
        assertFalse(reserved.isKnown());
        assertTrue(PortState.ACTIVE.isKnown());
        assertEquals(9, reserved.code());
        assertEquals("PortState(9)", reserved.name());
        assertSame(reserved, PortState.valueOf(9));
    }

    @Test
    void physicalStatesHaveTheSpecsNames() {
        String[] names = {
            "NoChange",
            "Sleep",
            "Polling",
            "Disabled",
            "PortConfigurationTraining",
            "LinkUp",
            "LinkErrorRecovery",
            "PhyTest"
        };
        for (int code = 0; code < names.length; code++) {
            assertEquals(names[code], PortPhysicalState.valueOf(code).name());
            assertTrue(PortPhysicalState.valueOf(code).isKnown());
        }
        assertEquals("PortPhysicalState(8)", PortPhysicalState.valueOf(8).name());
        assertSame(PortPhysicalState.LINK_UP, PortPhysicalState.valueOf(PortInfo.PHYS_STATE_LINK_UP));
    }

    @Test
    void codesBeyondFourBitsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PortState.valueOf(16));
        assertTrue(e.getMessage().contains("PortState"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PortPhysicalState.valueOf(-1));
    }

    @Test
    void legendsListCodesAndNames() {
        assertEquals(
                "1 Down, 2 Init, 3 Armed, 4 Active",
                PortState.legend(PortState.DOWN, PortState.INIT, PortState.ARMED, PortState.ACTIVE));
        assertEquals(
                "2 Polling, 5 LinkUp", PortPhysicalState.legend(PortPhysicalState.POLLING, PortPhysicalState.LINK_UP));
    }
}
