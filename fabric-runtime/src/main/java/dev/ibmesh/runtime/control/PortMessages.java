package dev.ibmesh.runtime.control;

import com.google.protobuf.Timestamp;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.fabric.v1.Counters;
import dev.ibmesh.proto.fabric.v1.Event;
import dev.ibmesh.proto.fabric.v1.PhysicalState;
import dev.ibmesh.proto.fabric.v1.PortState;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.port.TrainedLink;
import java.time.Instant;
import java.util.Optional;

/**
 * A port as the control API shows it. Reads the port, so it runs on the port's device's event loop. Stateless.
 */
final class PortMessages {
    private PortMessages() {}

    /** The port now; {@code cabledTo} is where the topology cables it. */
    static dev.ibmesh.proto.fabric.v1.Port port(Port p, Optional<PortName> cabledTo) {
        dev.ibmesh.proto.fabric.v1.Port.Builder b = dev.ibmesh.proto.fabric.v1.Port.newBuilder()
                .setNumber(p.number())
                .setPhysicalState(physicalState(p.physicalState()))
                .setPortState(portState(p.portState()))
                .setCounters(counters(p));
        TrainedLink t = p.training();
        if (t.trained()) {
            b.setWidth(t.widthLabel()).setSpeed(t.speedLabel()).setRateGbps(t.bitsPerSecond() / 1e9);
        }
        cabledTo.ifPresent(peer -> b.setCabledTo(peer.toString()));
        if (p.peer() != null) {
            b.setPeer(p.peer());
        }
        if (!p.impairment().none()) {
            b.setImpairment(Impairments.message(p.impairment()));
        }
        return b.build();
    }

    /** The change a port just made, seen by {@code device} at {@code now}. */
    static Event event(String device, Port p, Instant now) {
        Event.Builder b = Event.newBuilder()
                .setTime(Timestamp.newBuilder().setSeconds(now.getEpochSecond()).setNanos(now.getNano()))
                .setDevice(device)
                .setPort(p.number())
                .setPhysicalState(physicalState(p.physicalState()))
                .setPortState(portState(p.portState()));
        if (p.physicalState() != PortInfo.PHYS_STATE_LINK_UP && p.downReason() != null) {
            b.setReason(p.downReason());
        }
        return b.build();
    }

    /** The proto's values are the PortInfo codes; a code outside them (none is ever set) reads as unspecified. */
    static PhysicalState physicalState(int code) {
        PhysicalState s = PhysicalState.forNumber(code);
        return s != null ? s : PhysicalState.PHYSICAL_STATE_UNSPECIFIED;
    }

    static PortState portState(int code) {
        PortState s = PortState.forNumber(code);
        return s != null ? s : PortState.PORT_STATE_UNSPECIFIED;
    }

    private static Counters counters(Port p) {
        PortCounterSet c = p.counters();
        PortCountersExtended x = c.portCountersExtended(0);
        return Counters.newBuilder()
                .setXmitData(x.portXmitData())
                .setRcvData(x.portRcvData())
                .setXmitPkts(x.portXmitPkts())
                .setRcvPkts(x.portRcvPkts())
                .setSymbolErrors(c.value(Counter.SYMBOL_ERROR_COUNTER))
                .setRcvErrors(c.value(Counter.PORT_RCV_ERRORS))
                .setXmitDiscards(c.value(Counter.PORT_XMIT_DISCARDS))
                .setLinkDowned(c.value(Counter.LINK_DOWNED_COUNTER))
                .setCableDropped(p.impaired(LinkImpairment.Effect.DROPPED, true))
                .setCableCorrupted(p.impaired(LinkImpairment.Effect.CORRUPTED, true))
                .setCableDuplicated(p.impaired(LinkImpairment.Effect.DUPLICATED, true))
                .build();
    }
}
