package dev.ibmesh.tester.catalog.c16;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;

/**
 * PortCounters stop at all ones; they do not wrap (IBA 16.1.3.5). The counter driven past its width is
 * LocalLinkIntegrityErrors, the narrowest (4 bits), which counts the times the local physical errors exceed
 * PortInfo.LocalPhyErrors: with that threshold at 1, every two packets with a bad VCRC count once. The tester puts
 * {@link #BAD_PACKETS} such packets on the link (its exerciser, so the procedure needs an embedded tester port), 17
 * crossings: the counter must read 15, where a wrapping counter reads 1. PortRcvErrors, which counts each of them,
 * shows that they all arrived.
 *
 * <p>The bad packets leave the tester before the Get that reads the counters, on the same link, so the DUT has counted
 * them when it answers: no wait is needed. Trap 129 (local link integrity threshold) goes to the tester at each
 * crossing; the procedure does not look at it.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_901_01",
        title = "PortCounters saturate at all ones: LocalLinkIntegrityErrors driven past 15 reads 15",
        coverage = {"IBA 16.1.3.5"},
        assertions = {"v1c16-901#01", "v1c16-901#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true)
public final class C16_901_01 extends PortCountersProcedure {
    /** Two local physical errors per crossing of a threshold of 1, for one more crossing than 4 bits hold, and one. */
    static final int BAD_PACKETS = 2 * ((int) Counter.LOCAL_LINK_INTEGRITY_ERRORS.max() + 2);

    private static final String COUNTED = "v1c16-901#01";
    private static final String SATURATED = "v1c16-901#02";

    private Exerciser exerciser;
    private PortInfo link;

    @Override
    protected void initialize() {
        exerciser = ctx().bench()
                .exerciser()
                .orElseThrow(() -> notApplicable("the tester must put packets with a bad VCRC on the link, and this"
                        + " backend carries only MADs"));
        super.initialize();
        link = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, dutPort()).smpData(), 0);
    }

    @Override
    protected void execute() {
        step(1, "SendMad (SubnSet(PortInfo where AttributeModifier = " + dutPort() + ", LocalPhyErrors = 1))");
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        dutPort(),
                        writeBack(link).localPhyErrors(1).build().toBytes())
                .requireOk();
        step(2, "SendMad (Set(PortCounters where PortSelect = " + dutPort() + ", CounterSelect = 0xFFFF))");
        PortCounters cleared = set(COUNTED, PortCounters.SELECT_ALL);
        check(COUNTED, "PortCounters:LocalLinkIntegrityErrors", 0L, cleared.get(Counter.LOCAL_LINK_INTEGRITY_ERRORS));
        check(COUNTED, "PortCounters:PortRcvErrors", 0L, cleared.get(Counter.PORT_RCV_ERRORS));

        step(3, "Send " + BAD_PACKETS + " packets with a bad VCRC to the DUT's port " + dutPort());
        byte[] bad = badVcrcPacket();
        for (int i = 0; i < BAD_PACKETS; i++) {
            exerciser.inject(bad, false, false).join();
        }
        step(4, "SendMad (Get(PortCounters where PortSelect = " + dutPort() + "))");
        PortCounters counters = get(COUNTED);
        step(5, "Verify PortRcvErrors counted every bad packet and LocalLinkIntegrityErrors stopped at 15");
        check(COUNTED, "PortCounters:PortRcvErrors", (long) BAD_PACKETS, counters.get(Counter.PORT_RCV_ERRORS));
        check(
                SATURATED,
                "PortCounters:LocalLinkIntegrityErrors",
                Counter.LOCAL_LINK_INTEGRITY_ERRORS.max(),
                counters.get(Counter.LOCAL_LINK_INTEGRITY_ERRORS));
    }

    /** Puts LocalPhyErrors back as it was. */
    @Override
    protected void cleanup() {
        if (link != null) {
            mad().subnSet(
                            PortInfo.ATTRIBUTE_ID,
                            dutPort(),
                            writeBack(link).build().toBytes());
            note("cleanup: LocalPhyErrors of port " + dutPort() + " is " + link.localPhyErrors() + " again");
        }
    }

    /** A LID-routed SubnGet(NodeInfo) to the DUT whose VCRC is wrong: the DUT's port drops it as a physical error. */
    private byte[] badVcrcPacket() {
        Smp get = Smp.of(
                mad().header(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, NodeInfo.ATTRIBUTE_ID, 0), 0, new byte[0]);
        return PacketBuilder.iba(
                        Lrh.of(
                                Lrh.VL15,
                                0,
                                Lrh.LNH_IBA_LOCAL,
                                mad().dutLid(),
                                ctx().bench().link().testerLid()),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0))
                .headers(new Deth(0, 0))
                .payload(get.encode().toBytes())
                .badVcrc()
                .build();
    }
}
