package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.runtime.port.PortCounterSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The ports a PortCounters or PortCountersExtended PortSelect names (IBA 16.1.3.5).
 * <ul>
 *   <li>1..NumPorts: that port.</li>
 *   <li>0xFF: every port, because ClassPortInfo advertises AllPortSelect (IBA 16.1.3.1, CapabilityMask bit 8).</li>
 *   <li>0 on a switch: management port 0. ibsim {@code do_portcounters} answers with port 0's own counters; port 0
 *       sends and receives no packets of its own here, so it counts nothing and reads as zero.</li>
 *   <li>Anything else (0 on a CA, above NumPorts): no ports, so status 7. Linux qib {@code pma_get_portcounters}
 *       and ibsim answer 0x001C for a PortSelect that is not one of the node's ports.</li>
 * </ul>
 */
final class PortSelection {
    private PortSelection() {}

    /** The counters of the selected ports (none for switch port 0), or empty for an invalid PortSelect. */
    static Optional<List<PortCounterSet>> of(PmaNode node, int portSelect, PmaOptions options) {
        if (portSelect == PortCounters.ALL_PORTS && !options.departs(PmaDeparture.REFUSE_ALL_PORT_SELECT)) {
            return Optional.of(IntStream.rangeClosed(1, node.numPorts())
                    .mapToObj(node::counters)
                    .toList());
        }
        if (portSelect == 0 && node.isSwitch()) {
            return Optional.of(List.of());
        }
        if (portSelect >= 1 && portSelect <= node.numPorts()) {
            return Optional.of(List.of(node.counters(portSelect)));
        }
        return Optional.empty();
    }
}
