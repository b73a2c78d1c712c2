package dev.ibmesh.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Port names of a trace, kept in a small text file next to it ({@code <trace>.labels}), because an ERF record has
 * no field for text. ERF extension headers would carry bytes (Wireshark 4.0 still dissects the payload after a
 * chain of unknown ones), but their type codes are assigned by Endace with no private range and Wireshark shows
 * them only as hex, and a name belongs to a port rather than to each packet.
 *
 * <p>Format: UTF-8, one line per named port, {@code <interface number 0..3>=<name>}, e.g. {@code 2=leaf1/p3}.
 * The name is everything after the first {@code =}. Ports without a line have no name.
 */
public final class PortLabelSidecar {
    private PortLabelSidecar() {}

    /** Where the names of {@code trace} are kept. */
    public static Path of(Path trace) {
        return trace.resolveSibling(trace.getFileName() + ".labels");
    }

    /** Writes the names, or removes a stale sidecar when there are none. */
    static void write(Path trace, Map<Integer, String> names) throws IOException {
        Path sidecar = of(trace);
        if (names.isEmpty()) {
            Files.deleteIfExists(sidecar);
            return;
        }
        StringBuilder text = new StringBuilder();
        new TreeMap<>(names)
                .forEach((iface, name) ->
                        text.append(iface).append('=').append(name).append('\n'));
        Files.writeString(sidecar, text, StandardCharsets.UTF_8);
    }

    /** Reads the names of {@code trace}; no sidecar means no names. */
    static Map<Integer, String> read(Path trace) throws TraceFormatException {
        Path sidecar = of(trace);
        List<String> lines;
        try {
            lines = Files.readAllLines(sidecar, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException e) {
            throw new TraceFormatException(sidecar.toString(), 0, "cannot read port names: " + e, e);
        }
        Map<Integer, String> names = new TreeMap<>();
        long offset = 0;
        for (String line : lines) {
            int eq = line.indexOf('=');
            int iface = eq == 1 ? line.charAt(0) - '0' : -1;
            if (iface < 0 || iface > PortLabel.MAX_INTERFACE) {
                throw new TraceFormatException(
                        sidecar.toString(), offset, "expected <interface 0..3>=<name>, found \"" + line + "\"");
            }
            names.put(iface, line.substring(eq + 1));
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        return names;
    }
}
