package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * Set(PortCounters) clears the counters CounterSelect names, and only those (IBA 16.1.3.5). The counter the procedure
 * drives is PortRcvSwitchRelayErrors of the DUT's port on the link: the tester sends LID-routed SMPs to a LID above
 * the DUT's LinearFDBTop, which the DUT cannot relay. A Set naming every counter but that one must leave it as it was
 * (step 6); a Set naming it must clear it (step 8).
 *
 * <p>The SMPs leave the tester before the Get that reads the counters, on the same link, so the DUT has counted them
 * when it answers: no wait is needed. Only MADs: it runs through any MadPort.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_902_01",
        title = "Set(PortCounters) clears only the counters CounterSelect names",
        coverage = {"IBA 16.1.3.5"},
        assertions = {"v1c16-902#01", "v1c16-902#02", "v1c16-902#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        ownId = true,
        provenBy = {"pma-ignore-counter-select"})
public final class C16_902_01 extends PortCountersProcedure {
    /** SMPs the DUT cannot relay. */
    static final int UNROUTABLE = 3;

    private static final String COUNTED = "v1c16-902#01";
    private static final String KEPT = "v1c16-902#02";
    private static final String CLEARED = "v1c16-902#03";
    private static final int RELAY_ERRORS = PortCounters.SELECT_PORT_RCV_SWITCH_RELAY_ERRORS;

    @Override
    protected void initialize() {
        requireUnroutableReachesDut();
        super.initialize();
    }

    @Override
    protected void execute() {
        step(1, "SendMad (Set(PortCounters where PortSelect = " + dutPort() + ", CounterSelect = 0xFFFF))");
        PortCounters cleared = set(COUNTED, PortCounters.SELECT_ALL);
        check(COUNTED, "PortCounters:PortRcvSwitchRelayErrors", 0L, relayErrors(cleared));

        step(2, "Send " + UNROUTABLE + " LID-routed SubnGet(NodeInfo) above LinearFDBTop: the DUT cannot relay them");
        note("sent to LID " + sendUnroutable(UNROUTABLE));
        step(3, "SendMad (Get(PortCounters where PortSelect = " + dutPort() + "))");
        PortCounters counted = get(COUNTED);
        step(4, "Verify PortRcvSwitchRelayErrors == " + UNROUTABLE);
        check(COUNTED, "PortCounters:PortRcvSwitchRelayErrors", (long) UNROUTABLE, relayErrors(counted));

        step(5, "SendMad (Set(PortCounters where CounterSelect = every counter but PortRcvSwitchRelayErrors))");
        PortCounters others = set(KEPT, PortCounters.SELECT_ALL & ~RELAY_ERRORS);
        step(6, "Verify PortRcvSwitchRelayErrors == " + UNROUTABLE + ": it was not selected");
        check(KEPT, "PortCounters:PortRcvSwitchRelayErrors", (long) UNROUTABLE, relayErrors(others));

        step(7, "SendMad (Set(PortCounters where CounterSelect = PortRcvSwitchRelayErrors))");
        PortCounters selected = set(CLEARED, RELAY_ERRORS);
        step(8, "Verify PortRcvSwitchRelayErrors == 0: it was selected");
        check(CLEARED, "PortCounters:PortRcvSwitchRelayErrors", 0L, relayErrors(selected));
    }

    private static long relayErrors(PortCounters c) {
        return c.get(Counter.PORT_RCV_SWITCH_RELAY_ERRORS);
    }
}
