package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortEvents;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The outside watchers of a device's port states (the control API's event streams), between the ports and the
 * device: each is told of every change of a port's physical state or PortState, on the device's event loop, after
 * the change. Packets pass straight through. Watchers come and go from any thread.
 */
final class PortWatchers implements PortEvents {
    private final PortEvents next;
    private final List<Consumer<Port>> watchers = new CopyOnWriteArrayList<>();

    PortWatchers(PortEvents next) {
        this.next = next;
    }

    /** Adds a watcher; running the answer removes it. */
    Runnable add(Consumer<Port> watcher) {
        watchers.add(watcher);
        return () -> watchers.remove(watcher);
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
        for (Consumer<Port> w : watchers) {
            try {
                w.accept(port);
            } catch (RuntimeException e) {
                // A watcher's failure is its own; the device and the other watchers carry on.
                FaultLog.shared().caught("PortWatchers.onStateChange", e);
            }
        }
        next.onStateChange(port);
    }
}
