package dev.ibmesh.runtime.transport;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Links between devices of one JVM, straight from port to port: the cable a gRPC VirtualLink stream is across
 * processes, without gRPC in between. A link message is handed over as it is (no copy, no serialisation) and reaches
 * the peer port on the peer device's event loop, in order, with the same window and readiness a stream has
 * ({@link StreamConnection#WINDOW}). The bytes on the link are the same wire-format frames either way.
 *
 * <p>Why: in one JVM, grpc-java's in-process transport added a client call, a stream, a server call and their
 * executors to every message, and that machinery was the largest code the JIT compiled while an SM first swept a
 * fabric (docs/design.md, "Links in one JVM").
 *
 * <p>A device serves its ports here while it runs ({@link #serve}); a port dials a served device
 * through {@link #opener}. A dial to a device not served (not started yet, or stopped) ends at once with UNAVAILABLE,
 * and the {@link LinkDialer} dials again after its backoff, as it does when a gRPC peer is away. Any thread.
 */
public final class LocalLinks {
    private record Served(PortDirectory ports, Executor loop) {}

    private final Map<String, Served> devices = new ConcurrentHashMap<>();

    /**
     * Serves the ports of the device at {@code address}, whose event loop is {@code loop}. Running the answer stops
     * serving them (the device stopped: dials are refused from then on); it leaves alone a device that took the
     * address since.
     */
    public Runnable serve(String address, PortDirectory ports, Executor loop) {
        Served served = new Served(ports, loop);
        devices.put(address, served);
        return () -> devices.remove(address, served);
    }

    /**
     * Opens links from a port of this JVM to port {@code peerPort} of the device at {@code address}.
     *
     * @param loop the dialling device's event loop, where the dialling end's listener is called
     * @param self the dialling port as the peer names it in its logs ("node-guid/port")
     * @param peer the peer port as the dialling end names it ("device/port")
     */
    public LinkOpener opener(String address, int peerPort, Executor loop, String self, String peer) {
        return listener -> {
            Served served = devices.get(address);
            LocalLinkEnd dialled = new LocalLinkEnd(loop, peer);
            dialled.listen(listener);
            LocalLinkEnd accepting = new LocalLinkEnd(served == null ? loop : served.loop(), self);
            LocalLinkEnd.join(dialled, accepting);
            if (served == null) {
                accepting.refuse(LinkRefusal.notServed(address));
            } else {
                accepting.post(() -> accept(address, served, peerPort, accepting));
            }
            return dialled;
        };
    }

    /** On the served device's loop: hands the link to the port, or refuses it as the VirtualLink service would. */
    private void accept(String address, Served served, int port, LocalLinkEnd end) {
        if (devices.get(address) != served) {
            end.refuse(LinkRefusal.notServed(address));
            return;
        }
        end.acceptAt(served.ports(), port);
    }
}
