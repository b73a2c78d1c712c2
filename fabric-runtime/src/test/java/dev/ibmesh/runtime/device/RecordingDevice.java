package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.wire.Lrh;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;

/** A test device that keeps what it receives, and can hold packets (not release their buffer) to exhaust credits. */
public class RecordingDevice extends Device {
    public final List<byte[]> received = new ArrayList<>();
    private final List<Object[]> held = new ArrayList<>();
    private final Scheduler clock;
    public boolean hold;

    public RecordingDevice(DeviceConfig config, LinkTransport transport) {
        this(config, transport, null);
    }

    /** A device on {@code clock} (a hand-driven one, moved on the device's loop), or on real time if null. */
    public RecordingDevice(DeviceConfig config, LinkTransport transport, Scheduler clock) {
        super(config, transport, new SimpleMeterRegistry());
        this.clock = clock;
    }

    @Override
    protected Scheduler newScheduler() {
        return clock == null ? super.newScheduler() : clock;
    }

    @Override
    public void onPacket(Port port, byte[] frame) {
        received.add(frame);
        if (hold) {
            held.add(new Object[] {port, frame});
        } else {
            port.release(Lrh.vl(frame, 0), frame.length);
        }
    }

    /** Releases every held packet's buffer and stops holding. */
    public void releaseHeld() {
        hold = false;
        for (Object[] h : held) {
            byte[] f = (byte[]) h[1];
            ((Port) h[0]).release(Lrh.vl(f, 0), f.length);
        }
        held.clear();
    }
}
