package dev.ibmesh.runtime.topology;

import java.util.Objects;

/** One port of one device, written {@code device/port} ("sw1/3"). */
public record PortRef(String device, int port) implements Comparable<PortRef> {

    public PortRef {
        Objects.requireNonNull(device, "device");
    }

    /** Parses "sw1/3"; the number is decimal. */
    public static PortRef parse(String text) {
        int slash = text.lastIndexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not device/port (like sw1/3)");
        }
        String number = text.substring(slash + 1);
        if (!number.chars().allMatch(Character::isDigit) || number.length() > 3) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not device/port: '" + number + "' is not a port number");
        }
        return new PortRef(text.substring(0, slash), Integer.parseInt(number));
    }

    @Override
    public int compareTo(PortRef o) {
        int c = device.compareTo(o.device);
        return c != 0 ? c : Integer.compare(port, o.port);
    }

    @Override
    public String toString() {
        return device + "/" + port;
    }
}
