package dev.ibmesh.runtime.pma;

import dev.ibmesh.runtime.port.PortCounterSet;
import java.util.List;
import java.util.stream.IntStream;

/** A node of real {@link PortCounterSet}s, ports 1..numPorts. */
record FakePmaNode(boolean isSwitch, List<PortCounterSet> ports) implements PmaNode {
    static FakePmaNode switchWith(int numPorts) {
        return new FakePmaNode(
                true,
                IntStream.range(0, numPorts).mapToObj(i -> new PortCounterSet()).toList());
    }

    static FakePmaNode caWith(int numPorts) {
        return new FakePmaNode(
                false,
                IntStream.range(0, numPorts).mapToObj(i -> new PortCounterSet()).toList());
    }

    @Override
    public int numPorts() {
        return ports.size();
    }

    @Override
    public PortCounterSet counters(int port) {
        if (port < 1 || port > ports.size()) {
            throw new IllegalArgumentException("no port " + port);
        }
        return ports.get(port - 1);
    }
}
