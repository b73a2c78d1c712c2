package dev.ibmesh.runtime.control;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.LinkPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cabled links of the devices a server runs, from their topology, each once: a link between two of them under
 * its end earlier in the topology ({@code a}), a link to a device elsewhere under its local end. Built once (the
 * cabling does not change while the fabric runs); immutable.
 */
final class LinkTable {
    /**
     * One link.
     *
     * @param bLocal whether this server runs {@code b} too
     */
    record CabledLink(PortName a, PortName b, boolean bLocal) {}

    private final List<CabledLink> links;
    private final Map<PortName, CabledLink> byEnd = new HashMap<>();

    LinkTable(Fabric fabric) {
        List<Device> devices = fabric.devices();
        Map<String, Integer> order = new HashMap<>();
        for (int i = 0; i < devices.size(); i++) {
            order.put(devices.get(i).name(), i);
        }
        List<CabledLink> all = new ArrayList<>();
        for (Device d : devices) {
            int here = order.get(d.name());
            for (LinkPlan l : d.deviceConfig().links()) {
                PortName end = new PortName(d.name(), l.localPort());
                PortName peer = new PortName(l.peerDevice(), l.peerPort());
                Integer there = order.get(l.peerDevice());
                boolean first = there == null || there > here || (there == here && l.localPort() < l.peerPort());
                if (first) {
                    CabledLink link = new CabledLink(end, peer, there != null);
                    all.add(link);
                    byEnd.put(end, link);
                    if (there != null) {
                        byEnd.put(peer, link);
                    }
                }
            }
        }
        all.sort(Comparator.comparing((CabledLink l) -> order.get(l.a().device()))
                .thenComparingInt(l -> l.a().port()));
        this.links = Collections.unmodifiableList(all);
    }

    /** Every link, ordered by its first end's device (topology order), then by that end's port as cabled. */
    List<CabledLink> all() {
        return links;
    }

    /** The link with this end, if cabled. */
    Optional<CabledLink> withEnd(PortName end) {
        return Optional.ofNullable(byEnd.get(end));
    }

    /** Where the port is cabled to ("sw2/5"), or empty. */
    Optional<PortName> peerOf(PortName end) {
        return withEnd(end).map(l -> l.a().equals(end) ? l.b() : l.a());
    }
}
