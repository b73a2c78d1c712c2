package dev.ibmesh.tester.target;

import dev.ibmesh.mad.smp.PortInfo;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A DUT that is a device of a topology, reached through the topology's tester device cabled to it (as the CTS's
 * SimpleLink has it: the DUT is the node at the other end of the tester's link). Either the whole topology runs in
 * this JVM ({@link #embedded}), or the DUT and the rest already run as their own processes and only the tester starts
 * here, dialing them over the network ({@link #attached}), or the tester device runs already in this process and
 * the target only uses it ({@link #onTester}: the tester service). Every procedure run gets a bench on the same
 * tester port, one after the other: the DUT's state carries from one run to the next, as on real hardware.
 */
public final class TopologyTarget implements BenchFactory, AutoCloseable {
    private final Optional<Fabric> fabric;
    private final TesterDevice tester;
    private final int testerPort;
    private final PortBench.Dut dut;
    private final String description;
    private final Duration ready;

    private TopologyTarget(
            Optional<Fabric> fabric,
            TesterDevice tester,
            int testerPort,
            PortBench.Dut dut,
            String description,
            Duration ready) {
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
        awaitEveryCable(fabric, topology, ready);
        return new TopologyTarget(
                Optional.of(fabric),
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
                Optional.of(fabric),
                (TesterDevice) fabric.device(c.tester()),
                c.testerPort(),
                new PortBench.Dut(dutName, c.dutKind(), verbsAddress, transport),
                "topology: " + c.tester() + "/" + c.testerPort() + " - " + c.dutKind() + " " + dutName + "/"
                        + c.dutPort() + " at " + verbsAddress,
                ready);
    }

    /**
     * The DUT at the other end of {@code cable}, reached through {@code tester}, which runs already and stays when
     * the target closes.
     *
     * @param verbsAddress where the DUT serves its verbs over {@code transport} (its device name in one JVM, its
     *                     listen address across processes); used for a CA DUT only
     */
    public static TopologyTarget onTester(
            TesterDevice tester, Cabling cable, LinkTransport transport, String verbsAddress, Duration ready) {
        return new TopologyTarget(
                Optional.empty(),
                tester,
                cable.testerPort(),
                new PortBench.Dut(cable.dut(), cable.dutKind(), verbsAddress, transport),
                "topology: " + cable.tester() + "/" + cable.testerPort() + " - " + cable.dutKind() + " " + cable.dut()
                        + "/" + cable.dutPort(),
                ready);
    }

    /** The DUT's name in the topology. */
    public String dutName() {
        return dut.name();
    }

    /** The kind of the DUT ("switch" or "hca"). */
    public String dutKind() {
        return dut.kind();
    }

    @Override
    public Bench create(RunItem item, Trace trace) {
        return PortBench.open(tester, testerPort, dut, trace, ready, description, Optional.empty());
    }

    /**
     * The one bench of a run that is not a catalog's (the packet generator's): closing it stops the devices this
     * target started, so the target itself needs no closing.
     */
    public Bench soleBench(Trace trace) {
        return PortBench.open(tester, testerPort, dut, trace, ready, description, fabric);
    }

    /**
     * The benches of one run: {@link #create}, except that once a bench of the run has waited its whole ready time
     * for a link that never came up, the later ones do not wait again while the link is still down. They are ERRORs
     * at once, so a run against a DUT that is not there ends after one wait, not one per procedure run; a DUT that
     * comes back during the run is tested again.
     */
    public BenchFactory forOneRun() {
        AtomicBoolean waitedInVain = new AtomicBoolean();
        return (item, trace) -> {
            if (waitedInVain.get() && !linkIsUp()) {
                throw new BenchException(
                        "the link to the DUT is down: an earlier procedure run of this run waited " + ready.toMillis()
                                + " ms for it to train",
                        null);
            }
            try {
                return create(item, trace);
            } catch (BenchException e) {
                waitedInVain.set(!linkIsUp());
                throw e;
            }
        };
    }

    private boolean linkIsUp() {
        try {
            return tester.linkIsUp(testerPort).await(ready.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            return false; // the tester's loop did not answer: as good as down
        }
    }

    /** Stops the devices the target started; a target {@link #onTester} leaves the tester running. */
    @Override
    public void close() {
        fabric.ifPresent(f -> {
            try {
                f.stop().await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // Stopping at the end of a run: nothing is waiting for these devices any more.
            }
        });
    }

    /** Which tester port is cabled to which port of which DUT. */
    public record Cabling(String tester, int testerPort, String dut, String dutKind, int dutPort) {}

    /**
     * Every device cabled to the tester {@code testerName}, in tester port order.
     *
     * @throws UsageException when there is no such tester, or nothing to test is cabled to it
     */
    public static List<Cabling> cablesOf(Topology topology, String testerName) {
        DeviceSpec tester = topology.device(testerName)
                .orElseThrow(() -> new UsageException(
                        "the topology has no device '" + testerName + "'; its testers: " + testers(topology)));
        if (tester.kind() != DeviceKind.TESTER) {
            throw new UsageException("'" + testerName + "' is a "
                    + tester.kind().label() + ", not a tester; the" + " topology's testers: " + testers(topology));
        }
        List<Cabling> cables = new ArrayList<>();
        for (int port = 1; port <= tester.numPorts(); port++) {
            PortRef here = new PortRef(testerName, port);
            Optional<LinkSpec> link = topology.linkAt(here);
            if (link.isEmpty()) {
                continue;
            }
            LinkEnd other = link.get().otherEnd(here);
            DeviceSpec peer = topology.device(other.port().device()).orElseThrow();
            if (peer.kind() != DeviceKind.TESTER) {
                cables.add(new Cabling(
                        testerName,
                        port,
                        peer.name(),
                        peer.kind().label(),
                        other.port().port()));
            }
        }
        if (cables.isEmpty()) {
            throw new UsageException("nothing to test is cabled to tester '" + testerName + "': add a link from one"
                    + " of its ports to a switch or an HCA (for instance ends: [" + testerName + "/1, sw1/1])");
        }
        return cables;
    }

    private static String testers(Topology topology) {
        List<String> names = topology.devices().stream()
                .filter(d -> d.kind() == DeviceKind.TESTER)
                .map(DeviceSpec::name)
                .toList();
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /**
     * The tester port cabled to {@code dutName}.
     *
     * @throws UsageException when there is no such device, it is a tester, or no tester is cabled to it
     */
    public static Cabling cabling(Topology topology, String dutName) {
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
                return new Cabling(
                        peer.name(), other.port().port(), dutName, dut.kind().label(), port);
            }
        }
        throw new UsageException("no tester is cabled to '" + dutName + "': add a device of kind tester to the"
                + " topology (for instance {name: t1, kind: tester, ports: 1}) and a link from it to " + dutName);
    }

    /**
     * Waits until every cable of the topology has trained at both ends. The bench checks only the tester's own port,
     * and an SMP routed past the DUT crosses other cables, whose far end may train a moment after its near end: the
     * switch refuses to forward it out of a port that is not up yet, and the SMP is lost. Stops the devices if the
     * cables do not all train in time.
     */
    private static void awaitEveryCable(Fabric fabric, Topology topology, Duration ready) {
        try {
            fabric.ready().await(ready.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            String untrained = topology.links().stream()
                    .flatMap(l -> Stream.of(l.a().port(), l.b().port()))
                    .filter(end ->
                            fabric.device(end.device()).port(end.port()).physicalState() != PortInfo.PHYS_STATE_LINK_UP)
                    .map(end -> end.device() + "/" + end.port())
                    .collect(Collectors.joining(", "));
            fabric.stop();
            throw new BenchException(
                    "the topology's cables did not all train within " + ready.toMillis() + " ms; not up: " + untrained,
                    e);
        }
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
