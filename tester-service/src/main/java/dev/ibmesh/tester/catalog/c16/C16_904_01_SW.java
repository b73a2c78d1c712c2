package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * PortSelect 0xFF selects every port of a switch whose PMA advertises AllPortSelect (ClassPortInfo CapabilityMask bit
 * 8, IBA 16.1.3.1, 16.1.3.5): a Set with it clears the counters of every port, a Get answers their sum. The counter
 * the procedure drives is PortRcvSwitchRelayErrors of the DUT's port on the link (SMPs to a LID the DUT cannot relay,
 * as C16_902_01 does); the other ports have no link and count nothing, so the sum is that port's count.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_904_01_SW",
        title = "PortCounters with AllPortSelect (PortSelect 0xFF) clears and sums every port of a switch",
        coverage = {"IBA 16.1.3.1", "IBA 16.1.3.5"},
        assertions = {"v1c16-904#01", "v1c16-904#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"ClassPortInfo:CapabilityMask.AllPortSelect = 1"},
        ownId = true,
        provenBy = {"pma-refuse-all-port-select"})
public final class C16_904_01_SW extends PortCountersProcedure {
    /** SMPs the DUT cannot relay. */
    static final int UNROUTABLE = 2;

    private static final String CLEARED = "v1c16-904#01";
    private static final String SUMMED = "v1c16-904#02";

    @Override
    protected void initialize() {
        requireUnroutableReachesDut();
        super.initialize();
        ClassPortInfo info = classPortInfo(CLEARED);
        if (!info.hasCapability(ClassPortInfo.PMA_ALL_PORT_SELECT)) {
            notApplicable("the PMA does not advertise AllPortSelect (CapabilityMask 0x"
                    + Integer.toHexString(info.capabilityMask()) + ")");
        }
    }

    @Override
    protected void execute() {
        step(1, "SendMad (Set(PortCounters where PortSelect = 0xFF, CounterSelect = 0xFFFF)); Verify status 0");
        PortCounters cleared = setAt(CLEARED, PortCounters.ALL_PORTS, PortCounters.SELECT_ALL);
        check(CLEARED, "PortCounters:PortRcvSwitchRelayErrors", 0L, relayErrors(cleared));

        step(2, "Send " + UNROUTABLE + " LID-routed SubnGet(NodeInfo) above LinearFDBTop: the DUT cannot relay them");
        note("sent to LID " + sendUnroutable(UNROUTABLE));

        step(3, "SendMad (Get(PortCounters where PortSelect = " + dutPort() + "))");
        long counted = relayErrors(get(SUMMED));
        check(SUMMED, "PortCounters:PortRcvSwitchRelayErrors", (long) UNROUTABLE, counted);

        step(
                4,
                "SendMad (Get(PortCounters where PortSelect = 0xFF)); Verify PortRcvSwitchRelayErrors is the sum over"
                        + " the ports, " + UNROUTABLE);
        check(SUMMED, "PortCounters:PortRcvSwitchRelayErrors", counted, relayErrors(getAt(SUMMED, 0xFF)));

        step(5, "SendMad (Set(PortCounters where PortSelect = 0xFF, CounterSelect = PortRcvSwitchRelayErrors))");
        setAt(CLEARED, PortCounters.ALL_PORTS, PortCounters.SELECT_PORT_RCV_SWITCH_RELAY_ERRORS);
        step(6, "SendMad (Get(PortCounters where PortSelect = " + dutPort() + ")); Verify the Set cleared it");
        check(CLEARED, "PortCounters:PortRcvSwitchRelayErrors", 0L, relayErrors(get(CLEARED)));
    }

    private static long relayErrors(PortCounters c) {
        return c.get(Counter.PORT_RCV_SWITCH_RELAY_ERRORS);
    }
}
