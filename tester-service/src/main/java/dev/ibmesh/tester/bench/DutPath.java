package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.DrSmp;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The directed route from the tester to the DUT: the output port of each hop, the first out of the tester's own
 * port (IBA 14.2.2: a directed-route SMP's InitialPath[1..HopCount]). Written as infiniband-diags writes it for
 * {@code -D}: {@code 0,1,3}, where the leading 0 stands for the source node, so {@code 0,1} is the SimpleLink
 * (out of the tester's port 1, the DUT at the link's other end).
 *
 * @param ports the output port of each hop, 1 to 254 (port 0 is no link's end, 255 is reserved), at most 63 of them
 *     (IBA 14.2.2.1: HopCount is at most 63)
 */
public record DutPath(List<Integer> ports) {
    public static final int MAX_PORT = 254;

    public DutPath {
        ports = List.copyOf(ports);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("a route to the DUT has at least one hop");
        }
        if (ports.size() > DrSmp.MAX_HOP_COUNT) {
            throw new IllegalArgumentException("a directed route has at most " + DrSmp.MAX_HOP_COUNT
                    + " hops (IBA 14.2.2.1), this one " + ports.size());
        }
        for (int port : ports) {
            if (port < 1 || port > MAX_PORT) {
                throw new IllegalArgumentException(
                        "a hop leaves through a port from 1 to " + MAX_PORT + ", not " + port);
            }
        }
    }

    /** The SimpleLink: the DUT at the other end of the tester's {@code testerPort}. */
    public static DutPath direct(int testerPort) {
        return new DutPath(List.of(testerPort));
    }

    /**
     * Reads infiniband-diags' notation: {@code 0}, then the output port of each hop, separated by commas, in
     * decimal.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static DutPath parse(String text) {
        String[] parts = text.split(",", -1);
        if (!parts[0].equals("0")) {
            throw new IllegalArgumentException("'" + text + "' is not a directed route: it starts with 0, the"
                    + " tester's node, then the output port of each hop (for instance 0,1,3)");
        }
        if (parts.length == 1) {
            throw new IllegalArgumentException("'" + text + "' has no hops: the DUT is another node than the"
                    + " tester's (for instance 0,1 for the node at the end of the tester's port 1)");
        }
        List<Integer> ports = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            String port = parts[i];
            if (!port.matches("\\d{1,3}")) {
                throw new IllegalArgumentException(
                        "'" + text + "': hop " + i + " is '" + port + "', not a port number from 1 to " + MAX_PORT);
            }
            ports.add(Integer.parseInt(port));
        }
        try {
            return new DutPath(ports);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage(), e);
        }
    }

    /** The number of links between the tester and the DUT. */
    public int hops() {
        return ports.size();
    }

    /** The DUT is the tester's neighbour: the path is the tester's own link. */
    public boolean isDirect() {
        return ports.size() == 1;
    }

    /** The ports as {@link DrSmp#outbound}'s path takes them. */
    public int[] toArray() {
        return ports.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The first {@code hops} hops: the route to a node on the way. */
    public int[] prefix(int hops) {
        return ports.subList(0, hops).stream().mapToInt(Integer::intValue).toArray();
    }

    /** infiniband-diags' notation, {@code 0,1,3}. */
    @Override
    public String toString() {
        return "0," + ports.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
