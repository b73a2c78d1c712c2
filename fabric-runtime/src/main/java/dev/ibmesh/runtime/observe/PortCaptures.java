package dev.ibmesh.runtime.observe;

import io.vertx.core.Future;
import java.nio.file.Path;

/**
 * Per-port trace capture as the {@code /capture} endpoints drive it. The fabric implements it (it knows its devices
 * and their event loops); this package only serves it over HTTP, so it depends on no device.
 */
public interface PortCaptures {
    /** Starts capturing {@code device/port} into {@code fileName}; the future gives the trace's path. */
    Future<Path> start(String device, int port, String fileName);

    /** Stops capturing {@code device/port}; the future gives the number of frames written. */
    Future<Long> stop(String device, int port);

    /** A service with no emulated ports (an SM or a gateway on a foreign fabric): every capture fails with {@code why}. */
    static PortCaptures none(String why) {
        return new PortCaptures() {
            @Override
            public Future<Path> start(String device, int port, String fileName) {
                return Future.failedFuture(why);
            }

            @Override
            public Future<Long> stop(String device, int port) {
                return Future.failedFuture(why);
            }
        };
    }
}
