package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.wire.Lrh;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;

/** A host at the edge of a test fabric: keeps what it receives, and can hold its receive buffer. */
class Endpoint extends Device {
    final List<byte[]> received = new ArrayList<>();
    private final List<byte[]> held = new ArrayList<>();
    boolean hold;

    Endpoint(DeviceConfig config, LinkTransport transport) {
        super(config, transport, new SimpleMeterRegistry());
    }

    @Override
    public void onPacket(Port port, byte[] frame) {
        received.add(frame);
        if (hold) {
            held.add(frame);
        } else {
            port.release(Lrh.vl(frame, 0), frame.length);
        }
    }

    void releaseHeld() {
        hold = false;
        for (byte[] f : held) {
            port(1).release(Lrh.vl(f, 0), f.length);
        }
        held.clear();
    }
}
