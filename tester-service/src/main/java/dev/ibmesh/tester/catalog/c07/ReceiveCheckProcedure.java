package dev.ibmesh.tester.catalog.c07;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.generator.DataPacketSpec;
import dev.ibmesh.tester.generator.Fault;
import dev.ibmesh.tester.generator.PacketGenerator;
import dev.ibmesh.tester.generator.PortCountersReader;
import dev.ibmesh.tester.generator.Sequence;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import java.util.List;

/**
 * What the procedures on one receive check of the link layer share (IBA 7.8, the data packet check of figure 25-20;
 * the legacy exerciser tests TD_10.2.4.1.x for a CA, TD_10.3.1.1.x for a switch). The tester's exerciser sends the
 * DUT a LID-routed SubnGet(NodeInfo) with exactly one {@link Fault}, then the same SMP intact: the DUT must discard
 * the first unanswered (C7-7 at a CA, C7-9 at a switch) and answer the second, which shows that nothing but the fault
 * made the difference; the discard must be counted in the PMA counter the fault belongs to (IBA 16.1.3.5). A switch
 * checks the ICRC only of packets for itself (its port 0), which this SMP is.
 *
 * <p>The counters are read before and after through the DUT's PMA; the faulty SMP leaves before the intact one, on
 * the same link and VL, so the DUT has counted it when it answers the later Get.
 */
abstract class ReceiveCheckProcedure extends MadProcedure {
    private final Fault fault;
    private final String faultText;
    private final Counter counter;
    private final String discardedOnCa;
    private final String discardedOnSwitch;
    private final String counted;

    private PortCountersReader counters;

    /**
     * @param discardedOnCa     the assertion "discarded, no response" at a CA (v1c07-007 ...)
     * @param discardedOnSwitch the same at a switch (v1c07-009 ...)
     * @param counted           the assertion that the PMA counted the discard
     */
    ReceiveCheckProcedure(
            Fault fault,
            String faultText,
            Counter counter,
            String discardedOnCa,
            String discardedOnSwitch,
            String counted) {
        this.fault = fault;
        this.faultText = faultText;
        this.counter = counter;
        this.discardedOnCa = discardedOnCa;
        this.discardedOnSwitch = discardedOnSwitch;
        this.counted = counted;
    }

    @Override
    protected void initialize() {
        PortInfo port = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port.respTimeValue(), port.subnetTimeOut());
        if (ctx().bench().exerciser().isEmpty()) {
            notApplicable("the tester must put a packet with " + faultText + " on the link, and this backend carries"
                    + " only MADs");
        }
        counters = PortCountersReader.of(ctx().bench(), mad().timeout());
    }

    @Override
    protected void execute() {
        int dutPort = counters.dutPort();
        step(1, "SendMad (Get(PortCounters where PortSelect = " + dutPort + "))");
        long before = counters.read().get(counter);
        note(counter.specName() + " is " + before);

        HostMad faulty = subnGetNodeInfo();
        HostMad intact = subnGetNodeInfo();
        step(
                2,
                "Send SubnGet(NodeInfo) LID-routed to the DUT with " + faultText + ", then SendMad the same SMP"
                        + " intact; Verify that only the intact one is answered");
        String discarded = ctx().bench().link().dutIsSwitch() ? discardedOnSwitch : discardedOnCa;
        mad().expectNoResponseToFrame(discarded, faulty, () -> send(faulty), intact);

        step(
                3,
                "SendMad (Get(PortCounters where PortSelect = " + dutPort + ")); Verify " + counter.specName()
                        + " counted the discard");
        PortCounters after = counters.read();
        check(counted, "PortCounters:" + counter.specName(), before + 1, after.get(counter));
    }

    private HostMad subnGetNodeInfo() {
        return mad().lidRouted(mad().dutLid(), Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]);
    }

    /** The SMP as a UD packet to QP0 on VL15 (IBA 13.5.3.1), with the fault, from the tester's exerciser. */
    private void send(HostMad smp) {
        DataPacketSpec packet = DataPacketSpec.iba(
                        Lrh.of(
                                Lrh.VL15,
                                0,
                                Lrh.LNH_IBA_LOCAL,
                                mad().dutLid(),
                                ctx().bench().link().testerLid()),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0),
                        List.of(new Deth(0, 0)),
                        smp.mad().toBytes())
                .withFaults(fault);
        PacketGenerator.on(ctx().bench()).send(Sequence.of(packet), mad().timeout());
    }
}
