package dev.ibmesh.tester.bench;

import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortParams;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.VlCap;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Mtu;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A SimpleLink started in this JVM for one procedure run: a tester device and the DUT, on their own event loops,
 * linked over the in-process transport, then a {@link PortBench} on the tester's port. Each bench is a fabric of its
 * own, so procedures can run side by side; closing the bench stops it.
 */
public final class EmbeddedBench {
    static final String TESTER = "tester";
    static final String DUT = "dut";
    /** Ports of an embedded switch DUT: port 1 faces the tester, the others are there for procedures to use. */
    static final int SWITCH_PORTS = 8;

    private static final AtomicLong FABRICS = new AtomicLong();

    private EmbeddedBench() {}

    /**
     * Starts the fabric, waits until the link has trained and brings it up.
     *
     * @throws BenchException when a device does not start, the link does not train within {@code ready}, or the
     *                        setup's SMPs are not answered
     */
    public static Bench start(Vertx vertx, SimpleLinkSpec spec, Trace trace, Duration ready) {
        InProcessLinkTransport transport = new InProcessLinkTransport("tester-bench-" + FABRICS.incrementAndGet());
        Fabric fabric;
        try {
            fabric = Fabric.start(
                            vertx,
                            FabricPlan.embedded(topology(spec)),
                            new DeviceKinds(),
                            transport,
                            new SimpleMeterRegistry())
                    .await(ready.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BenchException("the devices did not start within " + ready.toMillis() + " ms", e);
        } catch (Exception e) {
            throw new BenchException("the devices did not start: " + e.getMessage(), e);
        }
        String description = "embedded SimpleLink: tester/1 - " + spec.dutKind() + " " + DUT + "/1, " + spec.linkLabel()
                + (spec.deviations().isEmpty() ? "" : ", deviations " + spec.deviations());
        return PortBench.open(
                (TesterDevice) fabric.device(TESTER),
                1,
                new PortBench.Dut(DUT, spec.dutKind(), DUT, transport),
                trace,
                ready,
                description,
                Optional.of(fabric));
    }
    /** The two devices and the cable between them. */
    static Topology topology(SimpleLinkSpec spec) {
        boolean isSwitch = spec.dutKind().equals("switch");
        DeviceKind dutKind = isSwitch ? DeviceKind.SWITCH : DeviceKind.HCA;
        int dutPorts = isSwitch ? SWITCH_PORTS : 1;
        DeviceSpec tester = DeviceSpec.ofName(TESTER, DeviceKind.TESTER, 1, Optional.empty(), List.of());
        DeviceSpec dut = DeviceSpec.ofName(
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
}
