package dev.ibmesh.runtime.control;

/**
 * A port named "DEVICE/PORT" ("sw1/3"), as the control API's requests name a link by one of its ends.
 *
 * @param port from 1
 */
record PortName(String device, int port) {
    /** The largest port number a port may have (PortInfo.LocalPortNum is one octet, IBA 14.2.5.6). */
    private static final int MAX_PORT = 254;

    /** Parses {@code text}, the value of request field {@code field}; INVALID_ARGUMENT when it is malformed. */
    static PortName parse(String field, String text) {
        int slash = text.lastIndexOf('/');
        if (text.isEmpty()) {
            throw ControlErrors.invalid(field + ": missing; name a port as DEVICE/PORT, e.g. sw1/3");
        }
        if (slash <= 0 || slash == text.length() - 1) {
            throw ControlErrors.invalid(field + ": '" + text + "' is not DEVICE/PORT, e.g. sw1/3");
        }
        String number = text.substring(slash + 1);
        int port;
        try {
            port = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw ControlErrors.invalid(field + ": '" + number + "' in '" + text + "' is not a port number");
        }
        if (port < 1 || port > MAX_PORT) {
            throw ControlErrors.invalid(
                    field + ": port " + port + " in '" + text + "' is out of range; ports are 1-" + MAX_PORT);
        }
        return new PortName(text.substring(0, slash), port);
    }

    @Override
    public String toString() {
        return device + "/" + port;
    }
}
