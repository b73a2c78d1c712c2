package dev.ibmesh.device.sw;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Building and driving small fabrics of switches and endpoints in tests. */
final class SwitchTestKit {
    private SwitchTestKit() {}

    /** A switch config: ports 1..links.size(), small tables. */
    static DeviceConfig switchConfig(String name, long guid, List<LinkPlan> links) {
        return switchConfig(name, guid, links, List.of());
    }

    /** The same, started with the named deviations. */
    static DeviceConfig switchConfig(String name, long guid, List<LinkPlan> links, List<String> deviations) {
        List<PortConfig> ports =
                links.stream().map(l -> PortConfig.defaults(l.localPort())).toList();
        return new DeviceConfig(
                name,
                "switch",
                guid,
                guid,
                name,
                ports,
                links,
                name,
                deviations,
                Optional.of(new SwitchOptions(true, 64, 16)));
    }

    /**
     * A switch on {@code clock}: its timers (trap repeats, the switch lifetime, flow-control refresh, redials) run
     * only when the test moves the clock, on the switch's event loop ({@link FabricTestKit#advance}). Whatever it
     * dials must be deployed first, or its redial waits for the clock too.
     */
    static SwitchDevice switchOn(Scheduler clock, DeviceConfig config, LinkTransport transport) {
        return new SwitchDevice(config, transport, new SimpleMeterRegistry()) {
            @Override
            protected Scheduler newScheduler() {
                return clock;
            }
        };
    }

    static DeviceConfig hostConfig(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }

    /** Waits for every linked port to train, then arms and activates them all, as an SM would. */
    static void activateAll(List<? extends Device> devices) {
        for (Device d : devices) {
            for (Port p : d.ports()) {
                await(
                        d.name() + "/" + p.number() + " Init",
                        () -> onLoop(d, () -> p.portState() >= PortInfo.PORT_STATE_INIT));
            }
        }
        for (Device d : devices) {
            for (Port p : d.ports()) {
                onLoop(d, () -> p.arm() && p.activate());
            }
        }
    }

    static <T> T onLoop(Device d, Supplier<T> s) {
        return FabricTestKit.onLoop(d, s);
    }

    static void await(String what, BooleanSupplier condition) {
        FabricTestKit.await(what, 20_000, condition);
    }
}
