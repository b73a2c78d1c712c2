package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.observe.PortCaptures;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCapture;
import dev.ibmesh.trace.FrameFilter;
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

    /**
     * A capture that stopped.
     *
     * @param frames written to the trace
     * @param seen   sent or received by the port meanwhile (what the filter left out is the difference)
     */
    public record Stopped(Path file, long frames, long seen) {}

    private record Active(Path file, PortCapture capture) {}

    private final Fabric fabric;
    private final Path directory;
    private final Map<String, Active> active = new HashMap<>();

    public CaptureControl(Fabric fabric, Path directory) {
        this.fabric = fabric;
        this.directory = directory;
    }

    /** Starts capturing every frame of {@code device/port} into {@code fileName}; the future gives the trace's path. */
    @Override
    public Future<Path> start(String device, int portNumber, String fileName) {
        return start(device, portNumber, fileName, FrameFilter.ALL);
    }

    /**
     * Starts capturing the frames of {@code device/port} that {@code filter} keeps into {@code fileName}; the future
     * gives the trace's path. It fails with an IllegalArgumentException for a port that is not here or a file name
     * that is not a plain name, an IllegalStateException when the port is being captured already.
     */
    public synchronized Future<Path> start(String device, int portNumber, String fileName, FrameFilter filter) {
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
            capture = new PortCapture(file, key, filter);
        } catch (IOException e) {
            return Future.failedFuture(e);
        }
        active.put(key, new Active(file, capture));
        return fabric.device(device).run(() -> port.tap(capture)).map(v -> file);
    }

    /** Stops capturing {@code device/port}; the future gives the number of frames written. */
    @Override
    public Future<Long> stop(String device, int portNumber) {
        return finish(device, portNumber).map(Stopped::frames);
    }

    /**
     * Stops capturing {@code device/port}: the trace is flushed and closed. Fails with an IllegalStateException when
     * the port is not being captured, an IOException when the trace could not be written.
     */
    public synchronized Future<Stopped> finish(String device, int portNumber) {
        String key = device + "/" + portNumber;
        Active a = active.remove(key);
        if (a == null) {
            return Future.failedFuture(new IllegalStateException(key + " is not being captured"));
        }
        Port port = port(device, portNumber);
        return fabric.device(device).call(() -> {
            port.tap(null);
            a.capture().close();
            return new Stopped(a.file(), a.capture().frames(), a.capture().seen());
        });
    }

    private Port port(String device, int number) {
        Device d = fabric.device(device);
        return d == null ? null : d.port(number);
    }
}
