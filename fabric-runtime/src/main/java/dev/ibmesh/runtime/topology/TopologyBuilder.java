package dev.ibmesh.runtime.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks every topology passes, whatever file it came from: names, port counts, descriptions, unique GUIDs,
 * listen and http addresses, link ends that exist, and no port on two links or linked to itself.
 */
final class TopologyBuilder {

    /** Where a part of a device or link was written. Keys are the YAML key names; link ends are "ends.0" and "ends.1". */
    interface Locator {
        SourcePosition at(String key);
    }

    private final Problems problems;
    private final Map<String, DeviceSpec> devices = new LinkedHashMap<>();
    private final Map<String, SourcePosition> deviceNamedAt = new HashMap<>();
    private final Map<Long, DeviceSpec> guidOwners = new HashMap<>();
    private final Map<HostPort, DeviceSpec> listenOwners = new HashMap<>();
    private final Map<HttpAddress, DeviceSpec> httpOwners = new HashMap<>();
    private final Map<PortRef, SourcePosition> linkedPorts = new HashMap<>();
    private final List<LinkSpec> links = new ArrayList<>();

    /** Whether devices may share a listen address: in a shard's slice, the devices of another shard share its. */
    private final boolean sharedListen;

    TopologyBuilder(Problems problems, boolean sharedListen) {
        this.problems = problems;
        this.sharedListen = sharedListen;
    }

    /** Parsers call this before they make a {@link DeviceSpec}: its port GUIDs depend on the count. */
    boolean checkPortCount(DeviceKind kind, int numPorts, SourcePosition at) {
        if (numPorts >= 1 && numPorts <= kind.maxPorts()) {
            return true;
        }
        problems.add(at, "a " + kind.label() + " has 1.." + kind.maxPorts() + " ports, not " + numPorts);
        return false;
    }

    void addDevice(DeviceSpec d, Locator at) {
        if (!DeviceSpec.NAME.matcher(d.name()).matches()) {
            problems.add(
                    at.at("name"),
                    "device name '" + d.name() + "' must be 1 to 50 letters, digits, '.', '_',"
                            + " ':' or '-', starting with a letter or digit");
        }
        int bytes = DeviceSpec.descriptionBytes(d.nodeDescription());
        if (bytes > DeviceSpec.MAX_DESCRIPTION_BYTES) {
            problems.add(
                    at.at("nodeDescription"),
                    "nodeDescription is " + bytes + " bytes in UTF-8; at most " + DeviceSpec.MAX_DESCRIPTION_BYTES
                            + " are allowed");
        }
        SourcePosition first = deviceNamedAt.putIfAbsent(d.name(), at.at("name"));
        if (first != null) {
            problems.add(
                    at.at("name"), "duplicate device name '" + d.name() + "' (first at line " + first.line() + ")");
            return;
        }
        devices.put(d.name(), d);
        d.guids().forEach(guid -> {
            DeviceSpec owner = guidOwners.putIfAbsent(guid, d);
            if (owner != null) {
                String key = guid == d.nodeGuid() ? "nodeGuid" : "portGuids";
                problems.add(
                        at.at(key),
                        "GUID " + Guids.format(guid) + " of '" + d.name() + "' is already used by '" + owner.name()
                                + "'");
            }
        });
        d.listen().ifPresent(address -> {
            DeviceSpec owner = listenOwners.putIfAbsent(address, d);
            if (owner != null && !sharedListen) {
                problems.add(
                        at.at("listen"), "listen address '" + address + "' is already used by '" + owner.name() + "'");
            }
        });
        d.http().ifPresent(address -> {
            DeviceSpec owner = httpOwners.putIfAbsent(address, d);
            if (owner != null) {
                problems.add(at.at("http"), "http address '" + address + "' is already used by '" + owner.name() + "'");
            }
        });
    }

    void addLink(LinkSpec link, Locator at) {
        boolean ok = checkEnd(link.a().port(), at.at("ends.0"));
        if (link.a().port().equals(link.b().port())) {
            problems.add(at.at("ends.1"), "link from " + link.a().port() + " to itself");
            return;
        }
        ok &= checkEnd(link.b().port(), at.at("ends.1"));
        if (ok) {
            links.add(link);
        }
    }

    private boolean checkEnd(PortRef port, SourcePosition at) {
        DeviceSpec d = devices.get(port.device());
        if (d == null) {
            problems.add(at, "link end " + port + ": no device is named '" + port.device() + "'");
            return false;
        }
        if (port.port() < 1 || port.port() > d.numPorts()) {
            problems.add(
                    at,
                    "link end " + port + ": port " + port.port() + " is out of range; " + d.name() + " has ports 1.."
                            + d.numPorts());
            return false;
        }
        SourcePosition first = linkedPorts.putIfAbsent(port, at);
        if (first != null) {
            problems.add(at, "port " + port + " is already linked (line " + first.line() + ")");
            return false;
        }
        return true;
    }

    /** The topology, or every problem found here and by the parser. */
    Topology build() throws TopologyException {
        problems.throwIfAny();
        return new Topology(List.copyOf(devices.values()), links);
    }
}
