package dev.ibmesh.runtime.topology;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

/**
 * One device of a fabric, with everything it needs to start on its own.
 *
 * @param numPorts        NodeInfo.NumPorts: external ports, 1..{@link DeviceKind#maxPorts()}
 * @param portGuids       a switch: one entry, port 0's GUID; a CA or tester: one per port, port 1 first
 * @param switchOptions   present exactly for switches
 * @param listen          where its VirtualLink server listens when it runs as its own process
 * @param http            where its /metrics and /health are served when it runs as its own process
 * @param deviations      names from the {@link DeviationCatalog} of its kind
 * @param vendorId        NodeInfo.VendorID, 24 bits; default {@link #IBMESH_VENDOR_ID}
 */
public record DeviceSpec(
        String name,
        DeviceKind kind,
        int numPorts,
        long nodeGuid,
        long systemImageGuid,
        List<Long> portGuids,
        String nodeDescription,
        Optional<SwitchOptions> switchOptions,
        Optional<HostPort> listen,
        Optional<HttpAddress> http,
        List<String> deviations,
        int vendorId) {

    /** Letters, digits, '.', '_', ':' and '-'; no '/' (it separates the port) nor ibsim's reserved '#' and '@'. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,49}");
    /** NodeDescription is 64 bytes. */
    public static final int MAX_DESCRIPTION_BYTES = 64;
    /**
     * The vendor ID ibmesh devices report in NodeInfo.VendorID unless their topology entry names another: a 24-bit
     * company ID with the IEEE "locally administered" bit (0x02 of the first octet) set, so it is no registered
     * vendor's OUI (tools would otherwise take emulated devices for that vendor's and apply its quirks). The node GUIDs
     * ibmesh derives carry the same bit ({@link Guids#derive}).
     */
    public static final int IBMESH_VENDOR_ID = 0x021B3E;
    /** NodeInfo.VendorID is 24 bits. */
    public static final int MAX_VENDOR_ID = 0xFFFFFF;

    public DeviceSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nodeDescription, "nodeDescription");
        portGuids = List.copyOf(portGuids);
        deviations = List.copyOf(deviations);
        if (switchOptions.isPresent() != (kind == DeviceKind.SWITCH)) {
            throw new IllegalArgumentException("switchOptions must be present exactly for switches");
        }
        if (vendorId < 0 || vendorId > MAX_VENDOR_ID) {
            throw new IllegalArgumentException(
                    name + ": vendor ID must be 24 bits, was 0x" + Integer.toHexString(vendorId));
        }
        if (portGuids.size() != kind.portGuidCount(numPorts)) {
            throw new IllegalArgumentException(name + ": " + portGuids.size() + " port GUIDs for a " + kind.label()
                    + " with " + numPorts + " ports");
        }
    }

    /** A device with ibmesh's own vendor ID. */
    public DeviceSpec(
            String name,
            DeviceKind kind,
            int numPorts,
            long nodeGuid,
            long systemImageGuid,
            List<Long> portGuids,
            String nodeDescription,
            Optional<SwitchOptions> switchOptions,
            Optional<HostPort> listen,
            Optional<HttpAddress> http,
            List<String> deviations) {
        this(
                name,
                kind,
                numPorts,
                nodeGuid,
                systemImageGuid,
                portGuids,
                nodeDescription,
                switchOptions,
                listen,
                http,
                deviations,
                IBMESH_VENDOR_ID);
    }

    /**
     * A device of a bench built in code: node and system image GUID derived from its name ({@link Guids#derive}), the
     * default port GUIDs and description, ibmesh's vendor ID, and no listen or HTTP address (it runs in this JVM).
     */
    public static DeviceSpec ofName(
            String name,
            DeviceKind kind,
            int numPorts,
            Optional<SwitchOptions> switchOptions,
            List<String> deviations) {
        long guid = Guids.derive(name);
        return new DeviceSpec(
                name,
                kind,
                numPorts,
                guid,
                guid,
                defaultPortGuids(kind, numPorts, guid),
                defaultDescription(name, kind),
                switchOptions,
                Optional.empty(),
                Optional.empty(),
                deviations);
    }

    /** The port GUID NodeInfo reports when asked through {@code port}; a switch answers port 0's on every port. */
    public long portGuid(int port) {
        return kind == DeviceKind.SWITCH ? portGuids.get(0) : portGuids.get(port - 1);
    }

    /** Node GUID, system image GUID and port GUIDs, without repeats. */
    public LongStream guids() {
        return LongStream.concat(LongStream.of(nodeGuid), portGuids.stream().mapToLong(Long::longValue))
                .distinct();
    }

    /** What a device gets when its file names no port GUIDs: port 0 = node GUID (switch), else node GUID + port. */
    public static List<Long> defaultPortGuids(DeviceKind kind, int numPorts, long nodeGuid) {
        return kind == DeviceKind.SWITCH
                ? List.of(nodeGuid)
                : LongStream.rangeClosed(1, numPorts)
                        .mapToObj(p -> nodeGuid + p)
                        .toList();
    }

    public static String defaultDescription(String name, DeviceKind kind) {
        return "ibmesh " + kind.label() + " " + name;
    }

    public static int descriptionBytes(String description) {
        return description.getBytes(StandardCharsets.UTF_8).length;
    }
}
