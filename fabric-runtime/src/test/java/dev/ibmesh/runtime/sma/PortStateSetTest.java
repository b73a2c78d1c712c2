package dev.ibmesh.runtime.sma;

import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_ACTIVE;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_ARMED;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_DOWN;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_INIT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** PortState transitions a Set may request, and PortPhysicalState, which depends on the requested PortState. */
class PortStateSetTest {
    /** Rows: current state Down, Init, Armed, Active. Columns: requested 0..15. A = accepted, - = invalid. */
    @ParameterizedTest(name = "from {0}: {1}")
    @CsvSource({
        // requested:  0123456789ABCDEF
        "1,            AA--------------",
        "2,            AAAA------------",
        "3,            AA-AA-----------",
        "4,            AA--A-----------",
    })
    void transitionMatrix(int currentState, String row) {
        PortInfo current =
                PortInfoFixture.current().toBuilder().portState(currentState).build();
        for (int requested = 0; requested < 16; requested++) {
            PortInfo request =
                    PortInfoFixture.request(current).portState(requested).build();
            for (PortKind kind :
                    List.of(PortKind.CA_PORT, PortKind.SWITCH_EXTERNAL_PORT, PortKind.ENHANCED_SWITCH_PORT_0)) {
                if (row.charAt(requested) == 'A') {
                    SetResult<PortInfo> r = PortInfoSet.apply(current, request, PortInfoSetTest.context(kind));
                    assertTrue(r.isValid(), () -> r.invalidReason());
                    boolean moves = requested != 0 && requested != currentState;
                    assertEquals(moves ? requested : currentState, r.attribute().portState());
                    assertEquals(moves ? List.of(new SmaAction.PortStateChange(requested)) : List.of(), r.actions());
                } else {
                    PortInfoSetTest.assertInvalid(current, request, kind, "PortState", requested);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {PORT_STATE_ARMED, PORT_STATE_ACTIVE, 5, 15})
    void basePort0IgnoresPortState(int requested) {
        PortInfo current = PortInfoFixture.current();
        SetResult<PortInfo> r = PortInfoSet.apply(
                current,
                PortInfoFixture.request(current)
                        .portState(requested)
                        .portPhysicalState(7)
                        .build(),
                PortContext.switchPort0(false));
        assertTrue(r.isValid());
        assertArrayEquals(current.toBytes(), r.attribute().toBytes());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void physicalStateTakesTheLinkDown(int phys) {
        PortInfo current = PortInfoFixture.current().toBuilder()
                .portState(PORT_STATE_ACTIVE)
                .build();
        for (int state : new int[] {0, PORT_STATE_DOWN}) {
            SetResult<PortInfo> r = PortInfoSet.apply(
                    current,
                    PortInfoFixture.request(current)
                            .portState(state)
                            .portPhysicalState(phys)
                            .build(),
                    PortContext.switchExternalPort(1));
            assertTrue(r.isValid(), () -> r.invalidReason());
            assertEquals(phys, r.attribute().portPhysicalState());
            assertEquals(PORT_STATE_DOWN, r.attribute().portState());
            assertEquals(
                    new SmaAction.PhysicalStateChange(phys),
                    r.actions().get(r.actions().size() - 1));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 5, 6, 7, 8, 15})
    void physicalStatesAbove3CannotBeSet(int phys) {
        PortInfo current = PortInfoFixture.current();
        PortInfoSetTest.assertInvalid(
                current,
                PortInfoFixture.request(current).portPhysicalState(phys).build(),
                PortKind.CA_PORT,
                "PortPhysicalState",
                phys);
    }

    @Test
    void physicalStateNeedsPortStateNoChangeOrDown() {
        PortInfo current = PortInfoFixture.current();
        PortInfoSetTest.assertInvalid(
                current,
                PortInfoFixture.request(current)
                        .portState(PORT_STATE_ARMED)
                        .portPhysicalState(2)
                        .build(),
                PortKind.CA_PORT,
                "PortPhysicalState",
                2);
    }

    @Test
    void physicalStateItAlreadyHasIsNoChange() {
        PortInfo current = PortInfoFixture.current().toBuilder()
                .portState(PORT_STATE_DOWN)
                .portPhysicalState(PortInfo.PHYS_STATE_DISABLED)
                .build();
        SetResult<PortInfo> r = PortInfoSet.apply(
                current,
                PortInfoFixture.request(current)
                        .portPhysicalState(PortInfo.PHYS_STATE_DISABLED)
                        .build(),
                PortContext.caPort(1));
        assertArrayEquals(current.toBytes(), r.attribute().toBytes());
        assertEquals(List.of(), r.actions());
    }

    @Test
    void armedThenActive() {
        PortInfo init =
                PortInfoFixture.current().toBuilder().portState(PORT_STATE_INIT).build();
        PortContext port = PortContext.switchPort0(true);
        PortInfo armed = PortInfoSet.apply(
                        init,
                        PortInfoFixture.request(init)
                                .portState(PORT_STATE_ARMED)
                                .build(),
                        port)
                .attribute();
        assertEquals(PORT_STATE_ARMED, armed.portState());
        PortInfo active = PortInfoSet.apply(
                        armed,
                        PortInfoFixture.request(armed)
                                .portState(PORT_STATE_ACTIVE)
                                .build(),
                        port)
                .attribute();
        assertEquals(PORT_STATE_ACTIVE, active.portState());
    }
}
