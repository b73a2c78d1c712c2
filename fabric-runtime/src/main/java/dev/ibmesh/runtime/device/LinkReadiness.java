package dev.ibmesh.runtime.device;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortEvents;
import io.vertx.core.Promise;
import java.util.BitSet;

/**
 * The readiness of one device, between its ports and the device: ready once every cabled port (every link of its
 * topology) has trained to LinkUp at least once. Readiness is kept after that: a link an operator cuts later does not
 * make the device unready (its pod must stay reachable for the cable to be put back). Packets pass straight through.
 * Event loop only.
 */
final class LinkReadiness implements PortEvents {
    private final PortEvents next;
    private final BitSet untrained = new BitSet();
    private final Promise<Void> ready;

    LinkReadiness(DeviceConfig config, PortEvents next, Promise<Void> ready) {
        this.next = next;
        this.ready = ready;
        config.links().forEach(link -> untrained.set(link.localPort()));
        if (untrained.isEmpty()) {
            ready.tryComplete();
        }
    }

    @Override
    public void onPacket(Port port, byte[] frame) {
        next.onPacket(port, frame);
    }

    @Override
    public void onTransmitSpace(Port port) {
        next.onTransmitSpace(port);
    }

    @Override
    public void onFramesDelivered(Port port) {
        next.onFramesDelivered(port);
    }

    @Override
    public void onStateChange(Port port) {
        if (port.physicalState() == PortInfo.PHYS_STATE_LINK_UP && untrained.get(port.number())) {
            untrained.clear(port.number());
            if (untrained.isEmpty()) {
                ready.tryComplete();
            }
        }
        next.onStateChange(port);
    }
}
