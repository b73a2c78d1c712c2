package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.generator.Fault;
import dev.ibmesh.tester.generator.LinkPacketSpec;
import dev.ibmesh.tester.generator.PacketGenerator;
import dev.ibmesh.tester.generator.Sequence;

/**
 * The PMA counts the receive errors the tester's exerciser injects, each in its own counter (IBA 16.1.3.5): a frame
 * with no packet in it, which the receiver sees as a framing error, in SymbolErrorCounter; flow-control packets with
 * a bad LPCRC, malformed link packets, in PortRcvErrors. (The data packet checks, each counted in PortRcvErrors or
 * PortRcvRemotePhysicalErrors, are the link-layer procedures C07_901_01 to C07_905_01.)
 *
 * <p>The frames leave the tester before the Get that reads the counters, on the same link, so the DUT has counted
 * them when it answers: no wait is needed.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_903_01",
        title = "PortCounters count injected errors: a framing error in SymbolErrorCounter, bad link packets in"
                + " PortRcvErrors",
        coverage = {"IBA 16.1.3.5", "IBA 7.9.4"},
        assertions = {"v1c16-903#01", "v1c16-903#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true,
        provenBy = {"uncounted-link-packet-errors"})
public final class C16_903_01 extends PortCountersProcedure {
    /** Flow-control packets with a bad LPCRC. */
    static final int BAD_LINK_PACKETS = 3;

    private static final String SYMBOL = "v1c16-903#01";
    private static final String RCV_ERRORS = "v1c16-903#02";

    private Exerciser exerciser;

    @Override
    protected void initialize() {
        exerciser = ctx().bench()
                .exerciser()
                .orElseThrow(() -> notApplicable(
                        "the tester must put malformed frames on the link, and this backend" + " carries only MADs"));
        super.initialize();
    }

    @Override
    protected void execute() {
        step(1, "SendMad (Get(PortCounters where PortSelect = " + dutPort() + "))");
        PortCounters before = get(RCV_ERRORS);

        step(
                2,
                "Send an empty frame (a framing error) and " + BAD_LINK_PACKETS + " flow-control packets with a bad"
                        + " LPCRC to the DUT's port " + dutPort());
        exerciser.inject(new byte[0], false, false).join();
        LinkPacketSpec badLpcrc = LinkPacketSpec.of(0, 0, 0, 0).withFaults(Fault.of(Fault.Kind.BAD_LPCRC));
        new PacketGenerator(exerciser).send(Sequence.of(badLpcrc).count(BAD_LINK_PACKETS), mad().timeout());

        step(
                3,
                "SendMad (Get(PortCounters where PortSelect = " + dutPort() + ")); Verify SymbolErrorCounter counted"
                        + " 1 and PortRcvErrors " + BAD_LINK_PACKETS);
        PortCounters after = get(RCV_ERRORS);
        check(
                SYMBOL,
                "PortCounters:SymbolErrorCounter",
                before.get(Counter.SYMBOL_ERROR_COUNTER) + 1,
                after.get(Counter.SYMBOL_ERROR_COUNTER));
        check(
                RCV_ERRORS,
                "PortCounters:PortRcvErrors",
                before.get(Counter.PORT_RCV_ERRORS) + BAD_LINK_PACKETS,
                after.get(Counter.PORT_RCV_ERRORS));
    }
}
