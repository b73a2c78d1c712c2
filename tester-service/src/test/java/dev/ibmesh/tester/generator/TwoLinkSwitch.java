package dev.ibmesh.tester.generator;

import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortParams;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.tester.bench.DeviceKinds;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.bench.LinkSetup;
import dev.ibmesh.tester.bench.SimpleLinkView;
import dev.ibmesh.tester.bench.SmpClient;
import dev.ibmesh.tester.bench.TesterDevice;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.wire.Bits;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A switch DUT cabled to two ports of the tester, so that what the tester sends out of port 1 can come back through
 * the switch into port 2: the tester's port 2 is a data sink the switch must relay to, and when the sink holds what it
 * gets, the switch's output to it congests and the switch's input buffer on port 1 fills. Port 1's link is set up as
 * every bench's ({@link LinkSetup}); port 2 gets LID {@link #SINK_LID}, the switch routes that LID out of its port 2,
 * and the switch lifetime is made infinite, so that nothing the switch holds is discarded while the tests look.
 */
final class TwoLinkSwitch implements AutoCloseable {
    static final int SINK_LID = 3;
    private static final Duration READY = Duration.ofSeconds(20);
    /** SwitchInfo.LifeTimeValue: its bits in the attribute, and 20, which means no limit. */
    private static final int LIFE_TIME_VALUE_BIT = 88;

    private static final int NO_LIMIT = 20;

    private static final AtomicLong FABRICS = new AtomicLong();

    final Fabric fabric;
    final Port testerPort1;
    final Exerciser source;
    final Exerciser sink;
    final MadPort madPort;
    final SimpleLinkView link;

    private TwoLinkSwitch(
            Fabric fabric, Port testerPort1, Exerciser source, Exerciser sink, MadPort madPort, SimpleLinkView link) {
        this.fabric = fabric;
        this.testerPort1 = testerPort1;
        this.source = source;
        this.sink = sink;
        this.madPort = madPort;
        this.link = link;
    }

    static TwoLinkSwitch start(Vertx vertx, Trace trace) throws Exception {
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(topology()),
                        new DeviceKinds(),
                        new InProcessLinkTransport("two-link-switch-" + FABRICS.incrementAndGet()),
                        new SimpleMeterRegistry())
                .await(READY.toMillis(), TimeUnit.MILLISECONDS);
        TesterDevice tester = (TesterDevice) fabric.device("tester");
        Exerciser source = tester.exerciser(1, trace);
        Exerciser sink = tester.exerciser(2, new Trace("tester/2", false));
        // Both ends of both cables: the SMPs to the sink leave the switch by its port 2, whose end of the cable may
        // train a moment after the tester's end, and the switch would refuse them until it has.
        fabric.ready().await(READY.toMillis(), TimeUnit.MILLISECONDS);
        MadPort madPort = AgentMadPort.open(new HcaHostPort(tester, 1)).get(READY.toMillis(), TimeUnit.MILLISECONDS);
        SmpClient smp = new SmpClient(madPort, READY);
        SimpleLinkView link = new LinkSetup(smp, 1).bringUp();
        int[] toSwitch = {1};
        int[] toSink = {1, 2};
        PortInfo sinkPort = portInfo(smp, 2, toSink);
        // As the bench's setup does for port 1: a LID, the master SM, and NeighborMTU, which a Set must carry.
        PortInfo.Builder sinkSetup = sinkPort.toBuilder()
                .lid(SINK_LID)
                .masterSmLid(LinkSetup.TESTER_LID)
                .neighborMtu(sinkPort.mtuCap());
        smp.setData(PortInfo.ATTRIBUTE_ID, 2, unchangedStates(sinkSetup), toSink);
        List<Integer> block = new ArrayList<>(
                Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, LinearForwardingTable.NO_PATH));
        block.set(LinkSetup.TESTER_LID, link.dutPort());
        block.set(LinkSetup.DUT_LID, 0);
        block.set(SINK_LID, 2);
        smp.setData(LinearForwardingTable.ATTRIBUTE_ID, 0, new LinearForwardingTable(block).toBytes(), toSwitch);
        byte[] info = SwitchInfo.decode(smp.getData(SwitchInfo.ATTRIBUTE_ID, 0, toSwitch), 0)
                .withLinearFdbTop(SINK_LID)
                .toBytes();
        Bits.put(info, 0, LIFE_TIME_VALUE_BIT, 5, NO_LIMIT);
        smp.setData(SwitchInfo.ATTRIBUTE_ID, 0, info, toSwitch);
        for (int state : new int[] {PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE}) {
            portState(smp, state, toSwitch);
            portState(smp, state, toSink);
        }
        return new TwoLinkSwitch(fabric, tester.port(1), source, sink, madPort, link);
    }

    private static Topology topology() {
        DeviceSpec tester = device("tester", DeviceKind.TESTER, 2, Optional.empty());
        DeviceSpec sw = device("dut", DeviceKind.SWITCH, 8, Optional.of(SwitchOptions.DEFAULT));
        return new Topology(List.of(tester, sw), List.of(cable(1), cable(2)));
    }

    private static LinkSpec cable(int port) {
        return new LinkSpec(
                new LinkEnd(new PortRef("tester", port), PortParams.DEFAULT),
                new LinkEnd(new PortRef("dut", port), PortParams.DEFAULT));
    }

    private static DeviceSpec device(String name, DeviceKind kind, int ports, Optional<SwitchOptions> options) {
        return DeviceSpec.ofName(name, kind, ports, options, List.of());
    }

    private static PortInfo portInfo(SmpClient smp, int port, int... path) {
        return PortInfo.decode(smp.getData(PortInfo.ATTRIBUTE_ID, port, path), 0);
    }

    private static byte[] unchangedStates(PortInfo.Builder b) {
        return b.portState(PortInfo.PORT_STATE_NO_CHANGE)
                .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                .build()
                .toBytes();
    }

    /** Port 2 at the end of {@code path} to {@code state}. */
    private static void portState(SmpClient smp, int state, int... path) {
        PortInfo now = portInfo(smp, 2, path);
        smp.setData(
                PortInfo.ATTRIBUTE_ID,
                2,
                now.toBuilder()
                        .portState(state)
                        .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                        .build()
                        .toBytes(),
                path);
    }

    /** Reads something of the tester's port 1 on its event loop. */
    <T> T onTesterLoop(Supplier<T> read) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        fabric.device("tester").loop().execute(() -> f.complete(read.get()));
        return f.get(READY.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws Exception {
        madPort.close();
        fabric.stop().await(10, TimeUnit.SECONDS);
    }
}
