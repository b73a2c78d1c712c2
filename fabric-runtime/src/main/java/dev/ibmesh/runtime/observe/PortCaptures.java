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
}
