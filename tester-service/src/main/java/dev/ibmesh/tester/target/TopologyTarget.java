package dev.ibmesh.tester.target;

import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.BenchException;
import dev.ibmesh.tester.bench.DeviceKinds;
import dev.ibmesh.tester.bench.PortBench;
import dev.ibmesh.tester.bench.TesterDevice;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.engine.BenchFactory;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.run.UsageException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A DUT that is a device of a topology, reached through the topology's tester device cabled to it (as the CTS's
 * SimpleLink has it: the DUT is the node at the other end of the tester's link). Either the whole topology runs in
 * this JVM ({@link #embedded}), or the DUT and the rest already run as their own processes and only the tester starts
 * here, dialing them over the network ({@link #attached}). Every procedure run gets a bench on the same tester port,
 * one after the other: the DUT's state carries from one run to the next, as on real hardware.
 */
public final class TopologyTarget implements BenchFactory, AutoCloseable {
    private final Fabric fabric;
    private final TesterDevice tester;
    private final int testerPort;
    private final PortBench.Dut dut;
    private final String description;
    private final Duration ready;

    private TopologyTarget(
            Fabric fabric, TesterDevice tester, int testerPort, PortBench.Dut dut, String description, Duration ready) {
        this.fabric = fabric;
        this.tester = tester;
        this.testerPort = testerPort;
        this.dut = dut;
        this.description = description;
        this.ready = ready;
    }

    /** Starts every device of {@code topology} in this JVM. */
    public static TopologyTarget embedded(Vertx vertx, Topology topology, String dutName, Duration ready) {
        Cabling c = cabling(topology, dutName);
        LinkTransport transport = new InProcessLinkTransport("tester-topology");
        Fabric fabric = start(vertx, FabricPlan.embedded(topology), transport, ready);
        return new TopologyTarget(
                fabric,
                (TesterDevice) fabric.device(c.tester()),
                c.testerPort(),
                new PortBench.Dut(dutName, c.dutKind(), dutName, transport),
                "topology: " + c.tester() + "/" + c.testerPort() + " - " + c.dutKind() + " " + dutName + "/"
                        + c.dutPort() + " (all devices in this JVM)",
                ready);
    }

    /**
     * Starts only the topology's tester device, which dials the DUT at its {@code listen} address: the DUT runs
     * already, as {@code ibmesh device} or in a container.
     */
    public static TopologyTarget attached(Vertx vertx, Topology topology, String dutName, Duration ready) {
        Cabling c = cabling(topology, dutName);
        DeviceConfig testerConfig;
        String verbsAddress;
        try {
            testerConfig = FabricPlan.standalone(topology, c.tester());
            verbsAddress = FabricPlan.standalone(topology, dutName).listenAddress();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        LinkTransport transport = new NettyLinkTransport();
        Fabric fabric = start(vertx, List.of(testerConfig), transport, ready);
        return new TopologyTarget(
                fabric,
                (TesterDevice) fabric.device(c.tester()),
                c.testerPort(),
                new PortBench.Dut(dutName, c.dutKind(), verbsAddress, transport),
                "topology: " + c.tester() + "/" + c.testerPort() + " - " + c.dutKind() + " " + dutName + "/"
                        + c.dutPort() + " at " + verbsAddress,
                ready);
    }

    /** The kind of the DUT ("switch" or "hca"). */
    public String dutKind() {
        return dut.kind();
    }

    @Override
    public Bench create(RunItem item, Trace trace) {
        return PortBench.open(tester, testerPort, dut, trace, ready, description, Optional.empty());
    }

    @Override
    public void close() {
        try {
            fabric.stop().await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Stopping at the end of a run: nothing is waiting for these devices any more.
        }
    }

    /** Which tester port is cabled to which DUT port. */
    record Cabling(String tester, int testerPort, String dutKind, int dutPort) {}

    static Cabling cabling(Topology topology, String dutName) {
        DeviceSpec dut = topology.device(dutName)
                .orElseThrow(() -> new UsageException("the topology has no device '" + dutName + "'; it has "
                        + topology.devices().stream().map(DeviceSpec::name).toList()));
        if (dut.kind() == DeviceKind.TESTER) {
            throw new UsageException("'" + dutName + "' is a tester, not a device to test");
        }
        for (int port = 1; port <= dut.numPorts(); port++) {
            PortRef here = new PortRef(dutName, port);
            Optional<LinkSpec> link = topology.linkAt(here);
            if (link.isEmpty()) {
                continue;
            }
            LinkEnd other = link.get().otherEnd(here);
            DeviceSpec peer = topology.device(other.port().device()).orElseThrow();
            if (peer.kind() == DeviceKind.TESTER) {
                return new Cabling(peer.name(), other.port().port(), dut.kind().label(), port);
            }
        }
        throw new UsageException("no tester is cabled to '" + dutName + "': add a device of kind tester to the"
                + " topology (for instance {name: t1, kind: tester, ports: 1}) and a link from it to " + dutName);
    }

    private static Fabric start(Vertx vertx, List<DeviceConfig> devices, LinkTransport transport, Duration ready) {
        try {
            return Fabric.start(vertx, devices, new DeviceKinds(), transport, new SimpleMeterRegistry())
                    .await(ready.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new BenchException("the topology's devices did not start: " + e.getMessage(), e);
        }
    }
}
