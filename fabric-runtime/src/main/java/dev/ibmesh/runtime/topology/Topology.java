package dev.ibmesh.runtime.topology;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A whole fabric: devices in file order and the links between them. Immutable; only the parsers create one, after
 * checking it (unique names and GUIDs, ports in range, each port on at most one link).
 */
public final class Topology {
    private final List<DeviceSpec> devices;
    private final List<LinkSpec> links;
    private final Map<String, DeviceSpec> byName = new LinkedHashMap<>();
    private final Map<PortRef, LinkSpec> byPort = new HashMap<>();

    public Topology(List<DeviceSpec> devices, List<LinkSpec> links) {
        this.devices = List.copyOf(devices);
        this.links = List.copyOf(links);
        for (DeviceSpec d : this.devices) {
            if (byName.putIfAbsent(d.name(), d) != null) {
                throw new IllegalArgumentException("two devices named " + d.name());
            }
        }
        for (LinkSpec l : this.links) {
            for (LinkEnd e : List.of(l.a(), l.b())) {
                if (byPort.putIfAbsent(e.port(), l) != null) {
                    throw new IllegalArgumentException(e.port() + " is on two links");
                }
            }
        }
    }

    public List<DeviceSpec> devices() {
        return devices;
    }

    public List<LinkSpec> links() {
        return links;
    }

    public Optional<DeviceSpec> device(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The link plugged into this port, if any. */
    public Optional<LinkSpec> linkAt(PortRef port) {
        return Optional.ofNullable(byPort.get(port));
    }

    /** The port at the other end of the cable in this port, if any. */
    public Optional<PortRef> peer(PortRef port) {
        return linkAt(port).map(l -> l.otherEnd(port).port());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && devices.equals(t.devices) && links.equals(t.links);
    }

    @Override
    public int hashCode() {
        return Objects.hash(devices, links);
    }

    @Override
    public String toString() {
        return "Topology" + devices + links;
    }
}
