package dev.ibmesh.runtime.observe;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortPhysicalState;
import dev.ibmesh.mad.smp.PortState;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.port.DropReason;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.Port;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes a port's state to Micrometer: PortState, physical state, the negotiated width and speeds, every PMA
 * counter (64-bit, as kept internally), credits available per data VL, transmit queue depth per VL, drops by
 * reason, and frames impaired by the cable. The meters run on the scrape thread and read only what the port publishes for it (its "any thread"
 * accessors: volatile states, counters stored with release semantics), never its event-loop state.
 */
public final class PortMetrics {
    private PortMetrics() {}

    /** Binds the port's meters; returns them, for their owner to remove when the port goes. */
    public static List<Meter> bind(MeterRegistry registry, String device, Port port) {
        List<Meter> meters = new ArrayList<>();
        Tags tags = Tags.of("device", device, "port", Integer.toString(port.number()));
        meters.add(Gauge.builder("ibmesh_port_state", port, Port::portState)
                .description("PortInfo.PortState: "
                        + PortState.legend(PortState.DOWN, PortState.INIT, PortState.ARMED, PortState.ACTIVE))
                .tags(tags)
                .register(registry));
        meters.add(Gauge.builder("ibmesh_port_physical_state", port, Port::physicalState)
                .description("PortInfo.PortPhysicalState: "
                        + PortPhysicalState.legend(
                                PortPhysicalState.POLLING,
                                PortPhysicalState.DISABLED,
                                PortPhysicalState.PORT_CONFIGURATION_TRAINING,
                                PortPhysicalState.LINK_UP))
                .tags(tags)
                .register(registry));
        meters.add(Gauge.builder(
                        "ibmesh_port_link_width_active", port, p -> p.training().linkWidthActive())
                .description("PortInfo.LinkWidthActive: 1 1x, 16 2x, 2 4x, 4 8x, 8 12x; 0 untrained")
                .tags(tags)
                .register(registry));
        meters.add(Gauge.builder(
                        "ibmesh_port_link_speed_active", port, p -> p.training().linkSpeedActive())
                .description("PortInfo.LinkSpeedActive: 1 SDR, 2 DDR, 4 QDR; 0 untrained")
                .tags(tags)
                .register(registry));
        meters.add(Gauge.builder(
                        "ibmesh_port_link_speed_ext_active",
                        port,
                        p -> p.training().linkSpeedExtActive())
                .description("PortInfo.LinkSpeedExtActive: 1 FDR, 2 EDR, 4 HDR, 8 NDR; 0 none")
                .tags(tags)
                .register(registry));
        for (Counter c : Counter.values()) {
            meters.add(FunctionCounter.builder(
                            "ibmesh_port_pma", port, p -> p.counters().value(c))
                    .description("PMA PortCounters, 64-bit (the PMA attribute saturates at the field width)")
                    .tags(tags.and("counter", c.specName()))
                    .register(registry));
        }
        for (DropReason r : DropReason.values()) {
            if (r != DropReason.NONE) {
                meters.add(FunctionCounter.builder("ibmesh_port_drops", port, p -> p.drops(r))
                        .description("Frames the port dropped, by reason")
                        .tags(tags.and("reason", r.name().toLowerCase()))
                        .register(registry));
            }
        }
        for (LinkImpairment.Effect e : LinkImpairment.Effect.values()) {
            for (boolean data : new boolean[] {true, false}) {
                meters.add(FunctionCounter.builder("ibmesh_port_impaired", port, p -> p.impaired(e, data))
                        .description("Frames this port sent that its impaired cable dropped, corrupted, duplicated or"
                                + " delayed (control API SetImpairment), by packet kind")
                        .tags(tags.and("effect", e.name().toLowerCase(), "packet", data ? "data" : "link"))
                        .register(registry));
            }
        }
        for (int vl = 0; vl < 16; vl++) {
            int v = vl;
            Tags vlTags = tags.and("vl", Integer.toString(vl));
            meters.add(Gauge.builder("ibmesh_port_tx_queue_packets", port, p -> p.queued(v))
                    .description("Packets waiting in the port's transmit queue")
                    .tags(vlTags)
                    .register(registry));
            if (vl < LinkFlowControl.DATA_VLS) {
                meters.add(Gauge.builder("ibmesh_port_tx_credit_blocks", port, p -> p.txCreditBlocks(v))
                        .description("64-byte blocks the peer's receiver has room for on this VL")
                        .tags(vlTags)
                        .register(registry));
            }
        }
        return meters;
    }
}
