package dev.ibmesh.sm;

import dev.ibmesh.runtime.topology.FatTree;

/** The shapes the SM must bring up: a line, a ring, a two-level fat tree and a mesh. */
final class Topologies {
    private Topologies() {}

    /** h1 - sw1 - sw2 - sw3 - h2. */
    static String line() {
        return """
                devices:
                  - {name: h1, kind: hca, ports: 1}
                  - {name: h2, kind: hca, ports: 1}
                  - {name: sw1, kind: switch, ports: 2}
                  - {name: sw2, kind: switch, ports: 2}
                  - {name: sw3, kind: switch, ports: 2}
                links:
                  - ends: [h1/1, sw1/1]
                  - ends: [sw1/2, sw2/1]
                  - ends: [sw2/2, sw3/1]
                  - ends: [sw3/2, h2/1]
                """;
    }

    /** {@code n} switches in a ring (port 1 to the next switch's port 2), each with HCA hK on port 3. */
    static String ring(int n) {
        return grid(1, n, true);
    }

    /** A {@code rows} x {@code cols} mesh of switches, each with one HCA; {@code wrap} closes rows into rings. */
    static String grid(int rows, int cols, boolean wrap) {
        StringBuilder devices = new StringBuilder("devices:\n");
        StringBuilder links = new StringBuilder("links:\n");
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                String sw = "sw" + r + c;
                devices.append("  - {name: ").append(sw).append(", kind: switch, ports: 5}\n");
                devices.append("  - {name: h").append(r).append(c).append(", kind: hca, ports: 1}\n");
                links.append("  - ends: [h")
                        .append(r)
                        .append(c)
                        .append("/1, ")
                        .append(sw)
                        .append("/5]\n");
                if (c + 1 < cols || (wrap && cols > 2)) {
                    links.append("  - ends: [")
                            .append(sw)
                            .append("/1, sw")
                            .append(r)
                            .append((c + 1) % cols)
                            .append("/2]\n");
                }
                if (r + 1 < rows) {
                    links.append("  - ends: [")
                            .append(sw)
                            .append("/3, sw")
                            .append(r + 1)
                            .append(c)
                            .append("/4]\n");
                }
            }
        }
        return devices.append(links).toString();
    }

    /** A full-bisection two-level fat tree. */
    static String fatTree(int hcas, int radix) {
        return new FatTree(hcas, radix).yaml();
    }
}
