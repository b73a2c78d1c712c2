package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.observe.PortCaptures;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCapture;
import io.vertx.core.Future;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Starts and stops per-port trace capture while the fabric runs. Traces go to one directory, under names the caller
 * picks (plain file names only, so an HTTP caller cannot write elsewhere). Each capture is attached and detached
 * on its device's event loop ({@link Device#call}).
 */
public final class CaptureControl implements PortCaptures {
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    private final Fabric fabric;
    private final Path directory;
    private final Map<String, PortCapture> active = new HashMap<>();

    public CaptureControl(Fabric fabric, Path directory) {
        this.fabric = fabric;
        this.directory = directory;
    }

    /** Starts capturing {@code device/port} into {@code fileName}; the future gives the trace's path. */
    @Override
    public synchronized Future<Path> start(String device, int portNumber, String fileName) {
        Port port = port(device, portNumber);
        if (port == null) {
            return Future.failedFuture(new IllegalArgumentException("no port " + device + "/" + portNumber));
        }
        if (fileName == null || !FILE_NAME.matcher(fileName).matches()) {
            return Future.failedFuture(new IllegalArgumentException(
                    "file must be a plain name of letters, digits, '.', '_' or '-', was '" + fileName + "'"));
        }
        String key = device + "/" + portNumber;
        if (active.containsKey(key)) {
            return Future.failedFuture(new IllegalStateException(key + " is already being captured"));
        }
        Path file = directory.resolve(fileName);
        PortCapture capture;
        try {
            java.nio.file.Files.createDirectories(directory);
            capture = new PortCapture(file, key);
        } catch (IOException e) {
            return Future.failedFuture(e);
        }
        active.put(key, capture);
        return fabric.device(device).run(() -> port.tap(capture)).map(v -> file);
    }

    /** Stops capturing {@code device/port}; the future gives the number of frames written. */
    @Override
    public synchronized Future<Long> stop(String device, int portNumber) {
        String key = device + "/" + portNumber;
        PortCapture capture = active.remove(key);
        if (capture == null) {
            return Future.failedFuture(new IllegalStateException(key + " is not being captured"));
        }
        Port port = port(device, portNumber);
        return fabric.device(device).call(() -> {
            port.tap(null);
            capture.close();
            return capture.frames();
        });
    }

    private Port port(String device, int number) {
        Device d = fabric.device(device);
        return d == null ? null : d.port(number);
    }
}
