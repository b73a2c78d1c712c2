package dev.ibmesh.tester.bench;

import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.Guids;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortParams;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.VlCap;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Mtu;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A SimpleLink started in this JVM for one procedure run: a tester device and the DUT, on their own event loops,
 * linked over the in-process transport, the link trained and brought up by {@link LinkSetup}. Each bench is a
 * fabric of its own, so procedures can run side by side. The SimpleLink can also be part of a bigger topology whose
 * devices all start here.
 */
public final class EmbeddedBench implements Bench {
    static final String TESTER = "tester";
    static final String DUT = "dut";
    /** Ports of an embedded switch DUT: port 1 faces the tester, the others are there for procedures to use. */
    static final int SWITCH_PORTS = 8;

    private static final AtomicLong FABRICS = new AtomicLong();

    private final String description;
    private final String dutName;
    private final Fabric fabric;
    private final Trace trace;
    private final Exerciser exerciser;
    private final MadPort madPort;
    private final SimpleLinkView link;
    private final ManagedChannel dutVerbs;

    private EmbeddedBench(
            String description,
            String dutName,
            Fabric fabric,
            Trace trace,
            Exerciser exerciser,
            MadPort madPort,
            SimpleLinkView link,
            ManagedChannel dutVerbs) {
        this.description = description;
        this.dutName = dutName;
        this.fabric = fabric;
        this.trace = trace;
        this.exerciser = exerciser;
        this.madPort = madPort;
        this.link = link;
        this.dutVerbs = dutVerbs;
    }

    /**
     * Starts the fabric, waits until the link has trained and brings it up.
     *
     * @throws BenchException when a device does not start, the link does not train within {@code ready}, or the
     *                        setup's SMPs are not answered
     */
    public static EmbeddedBench start(Vertx vertx, SimpleLinkSpec spec, Trace trace, Duration ready) {
        String description = "embedded SimpleLink: tester/1 - " + spec.dutKind() + " " + DUT + "/1, " + spec.linkLabel()
                + (spec.deviations().isEmpty() ? "" : ", deviations " + spec.deviations());
        return start(vertx, topology(spec), TESTER, DUT, description, trace, ready);
    }

    /**
     * Starts every device of {@code topology} and makes the link between port 1 of {@code tester} (a device of kind
     * tester) and the device {@code dut} the bench's SimpleLink, as {@link #start(Vertx, SimpleLinkSpec, Trace,
     * Duration)} does.
     *
     * @throws IllegalArgumentException when the topology has no such tester, or its port 1 is not cabled to {@code
     *                                  dut}
     */
    public static EmbeddedBench start(
            Vertx vertx, Topology topology, String tester, String dut, Trace trace, Duration ready) {
        boolean cabled = topology.linkAt(new PortRef(tester, 1))
                .map(l -> l.otherEnd(new PortRef(tester, 1)).port().device().equals(dut))
                .orElse(false);
        boolean isTester =
                topology.device(tester).map(d -> d.kind() == DeviceKind.TESTER).orElse(false);
        if (!isTester || !cabled) {
            throw new IllegalArgumentException("the topology needs a device '" + tester
                    + "' of kind tester whose port 1 is cabled to '" + dut + "'");
        }
        String description = "embedded topology: " + tester + "/1 - " + dut;
        return start(vertx, topology, tester, dut, description, trace, ready);
    }

    private static EmbeddedBench start(
            Vertx vertx,
            Topology topology,
            String testerName,
            String dutName,
            String description,
            Trace trace,
            Duration ready) {
        InProcessLinkTransport transport = new InProcessLinkTransport("tester-bench-" + FABRICS.incrementAndGet());
        Fabric fabric;
        try {
            fabric = Fabric.start(
                            vertx,
                            FabricPlan.embedded(topology),
                            new DeviceKinds(),
                            transport,
                            new SimpleMeterRegistry())
                    .await(ready.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BenchException("the devices did not start within " + ready.toMillis() + " ms", e);
        } catch (Exception e) {
            throw new BenchException("the devices did not start: " + e.getMessage(), e);
        }
        MadPort madPort = null;
        ManagedChannel verbs = null;
        try {
            TesterDevice tester = (TesterDevice) fabric.device(testerName);
            Exerciser exerciser = tester.exerciser(1, trace);
            await(tester.linkUp(1), ready, "the link did not train");
            madPort = await(AgentMadPort.open(new HcaHostPort(tester, 1)), ready, "the tester's port did not open");
            SimpleLinkView link = new LinkSetup(new SmpClient(madPort, ready), 1).bringUp();
            if (topology.device(dutName).orElseThrow().kind() == DeviceKind.HCA) {
                verbs = transport.channel(dutName, Runnable::run);
            }
            return new EmbeddedBench(description, dutName, fabric, trace, exerciser, madPort, link, verbs);
        } catch (RuntimeException e) {
            if (madPort != null) {
                madPort.close();
            }
            fabric.stop();
            throw e instanceof BenchException b ? b : new BenchException("setting up the link failed: " + e, e);
        }
    }

    private static <T> T await(java.util.concurrent.CompletableFuture<T> f, Duration timeout, String what) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BenchException(what + " within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException(what + ": interrupted", e);
        } catch (java.util.concurrent.ExecutionException | CompletionException e) {
            throw new BenchException(what + ": " + e.getCause(), e.getCause());
        }
    }

    /** The two devices and the cable between them. */
    static Topology topology(SimpleLinkSpec spec) {
        boolean isSwitch = spec.dutKind().equals("switch");
        DeviceKind dutKind = isSwitch ? DeviceKind.SWITCH : DeviceKind.HCA;
        int dutPorts = isSwitch ? SWITCH_PORTS : 1;
        DeviceSpec tester = device(TESTER, DeviceKind.TESTER, 1, Optional.empty(), List.of());
        DeviceSpec dut = device(
                DUT,
                dutKind,
                dutPorts,
                isSwitch ? Optional.of(spec.switchOptions().orElse(SwitchOptions.DEFAULT)) : Optional.empty(),
                spec.deviations());
        PortParams params = new PortParams(
                Set.of(spec.width()),
                Set.of(spec.width()),
                Set.of(spec.speed()),
                Set.of(spec.speed()),
                spec.speedExt().map(Set::of).orElse(Set.of()),
                spec.speedExt().map(Set::of).orElse(Set.of()),
                VlCap.VL0_7,
                Mtu.MTU_4096);
        LinkSpec cable =
                new LinkSpec(new LinkEnd(new PortRef(TESTER, 1), params), new LinkEnd(new PortRef(DUT, 1), params));
        return new Topology(List.of(tester, dut), List.of(cable));
    }

    private static DeviceSpec device(
            String name, DeviceKind kind, int ports, Optional<SwitchOptions> options, List<String> deviations) {
        long guid = Guids.derive(name);
        return new DeviceSpec(
                name,
                kind,
                ports,
                guid,
                guid,
                DeviceSpec.defaultPortGuids(kind, ports, guid),
                DeviceSpec.defaultDescription(name, kind),
                options,
                Optional.empty(),
                OptionalInt.empty(),
                deviations);
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String dutName() {
        return dutName;
    }

    @Override
    public MadPort madPort() {
        return madPort;
    }

    @Override
    public SimpleLinkView link() {
        return link;
    }

    @Override
    public Optional<Exerciser> exerciser() {
        return Optional.of(exerciser);
    }

    @Override
    public Optional<Channel> dutVerbs() {
        return Optional.ofNullable(dutVerbs);
    }

    @Override
    public Trace trace() {
        return trace;
    }

    @Override
    public void close() {
        madPort.close();
        if (dutVerbs != null) {
            dutVerbs.shutdownNow();
        }
        try {
            fabric.stop().await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // The devices are going away with the run; a slow undeploy is not the verdict's business.
        }
    }
}
