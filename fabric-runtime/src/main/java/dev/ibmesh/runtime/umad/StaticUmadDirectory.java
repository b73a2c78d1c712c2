package dev.ibmesh.runtime.umad;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fixed table of names to ports, resolving as ibsim does ({@code ibsim.c sim_ctl_new_client}, {@code sim_net.c
 * find_node}, {@code find_node_by_desc}, {@code set_default_port}), in this order:
 *
 * <ol>
 *   <li>"" (no SIM_HOST): the default port, the first port of the first device added;</li>
 *   <li>a device name (ibsim: the node id of the net file; in ibmesh the topology's device name): that device's
 *       first port (switch port 0; CA port 1 or the lowest added);</li>
 *   <li>a device's NodeDescription: its first port;</li>
 *   <li>{@code name@N}, an ibmesh extension for the other ports of a multi-port HCA: port N of that device
 *       ('@' is reserved in ibsim node ids, so the form cannot clash with an ibsim name).</li>
 * </ol>
 * Names compare exactly (case-sensitive, as ibsim's {@code strcmp}). Immutable once built.
 */
public final class StaticUmadDirectory implements UmadDirectory {
    private final Map<String, List<UmadPort>> byName;
    private final Map<String, List<UmadPort>> byDescription;
    private final UmadPort defaultPort;

    private StaticUmadDirectory(Builder b) {
        // In the order devices were added, for names()
        this.byName = Collections.unmodifiableMap(new LinkedHashMap<>(b.byName));
        this.byDescription = Collections.unmodifiableMap(new LinkedHashMap<>(b.byDescription));
        this.defaultPort =
                b.byName.isEmpty() ? null : b.byName.values().iterator().next().get(0);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Optional<UmadPort> resolve(String name) {
        if (name.isEmpty()) {
            return Optional.ofNullable(defaultPort);
        }
        List<UmadPort> ports = byName.get(name);
        if (ports == null) {
            ports = byDescription.get(name);
        }
        if (ports != null) {
            return Optional.of(ports.get(0));
        }
        int at = name.lastIndexOf('@');
        if (at > 0 && at < name.length() - 1) {
            List<UmadPort> device = byName.get(name.substring(0, at));
            int port;
            try {
                port = Integer.parseInt(name.substring(at + 1));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            if (device != null) {
                return device.stream().filter(p -> p.portNumber() == port).findFirst();
            }
        }
        return Optional.empty();
    }

    /** Device names, then {@code name@N} for the ports after a device's first, then NodeDescriptions. */
    @Override
    public List<String> names() {
        List<String> names = new ArrayList<>(byName.keySet());
        byName.forEach(
                (device, ports) -> ports.stream().skip(1).forEach(p -> names.add(device + "@" + p.portNumber())));
        byDescription.keySet().stream().filter(d -> !byName.containsKey(d)).forEach(names::add);
        return names;
    }

    /** Collects devices in order; the first port added for a device is its first port. */
    public static final class Builder {
        private final Map<String, List<UmadPort>> byName = new LinkedHashMap<>();
        private final Map<String, List<UmadPort>> byDescription = new LinkedHashMap<>();

        /**
         * Adds a device's host-facing ports, first port first.
         *
         * @param name        the device name (ibsim's node id)
         * @param description its NodeDescription text, or null
         * @throws IllegalArgumentException for an empty port list, a name added twice, or a name with '@'
         */
        public Builder add(String name, String description, List<UmadPort> ports) {
            if (ports.isEmpty()) {
                throw new IllegalArgumentException("device " + name + " has no ports to offer");
            }
            if (name.isEmpty() || name.indexOf('@') >= 0) {
                throw new IllegalArgumentException("a device name must be non-empty without '@': " + name);
            }
            if (byName.containsKey(name)) {
                throw new IllegalArgumentException("device " + name + " added twice");
            }
            List<UmadPort> copy = List.copyOf(new ArrayList<>(ports));
            byName.put(name, copy);
            if (description != null && !description.isEmpty()) {
                byDescription.putIfAbsent(description, copy);
            }
            return this;
        }

        public StaticUmadDirectory build() {
            return new StaticUmadDirectory(this);
        }
    }
}
