package dev.ibmesh.runtime.transport;

import dev.ibmesh.runtime.fault.FaultLog;
import io.grpc.Status;

/** Offers a new link stream to a device's port, and says why the port did not take it. Both kinds of link use it. */
final class LinkRefusal {
    private LinkRefusal() {}

    /**
     * Hands {@code connection} to port {@code port}, whose handler is {@code handler} (null: the device has no such
     * port): null when the port took it, otherwise the status it is refused with (no such port, port already linked or
     * disabled, or the port failed taking it; the exception goes to the {@link FaultLog}).
     */
    static Status offer(LinkHandler handler, int port, LinkConnection connection) {
        if (handler == null) {
            return Status.NOT_FOUND.withDescription("this device has no port " + port);
        }
        try {
            if (handler.onConnected(connection)) {
                return null;
            }
        } catch (RuntimeException e) {
            FaultLog.shared().caught("VirtualLink.onConnected", e);
            return Status.INTERNAL.withDescription("port " + port + " failed to take the link: " + e);
        }
        return Status.FAILED_PRECONDITION.withDescription("port " + port + " is already linked or disabled");
    }

    /** A local link to a device that does not run in this JVM now. */
    static Status notServed(String address) {
        return Status.UNAVAILABLE.withDescription(
                "device '" + address + "' is not running in this JVM (not started yet, or stopped)");
    }
}
