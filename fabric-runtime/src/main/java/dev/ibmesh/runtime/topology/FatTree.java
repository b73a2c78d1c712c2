package dev.ibmesh.runtime.topology;

/**
 * A full-bisection two-level fat tree written as a topology file: leaf switches of {@code radix} ports, half down to
 * HCAs and half up, one uplink from every leaf to every spine, so a spine has one port per leaf. 648 HCAs of radix 36
 * give the classic 702-node fabric (36 leaves, 18 spines); 2,048 HCAs of radix 64 give 2,144 nodes (64 leaves, 32
 * spines). Names: {@code spineN}, {@code leafN}, {@code hN} (from 1); HCA {@code hN} sits on leaf {@code (N-1)/(radix/2)+1}.
 */
public final class FatTree {
    private final int hcas;
    private final int radix;

    /**
     * @param hcas  HCAs, a positive multiple of {@code radix / 2}
     * @param radix ports per leaf switch: even, 2..254 (so a leaf has {@code radix / 2} uplinks)
     */
    public FatTree(int hcas, int radix) {
        if (radix < 2 || radix > DeviceKind.SWITCH.maxPorts() || radix % 2 != 0) {
            throw new IllegalArgumentException(
                    "radix must be an even number of ports, 2.." + DeviceKind.SWITCH.maxPorts() + "; was " + radix);
        }
        if (hcas < 1 || hcas % (radix / 2) != 0) {
            throw new IllegalArgumentException("HCAs must be a positive multiple of radix/2 = " + radix / 2
                    + " (a leaf's down ports); was " + hcas);
        }
        if (hcas / (radix / 2) > DeviceKind.SWITCH.maxPorts()) {
            throw new IllegalArgumentException(
                    hcas / (radix / 2) + " leaves: a spine cannot have a port for each (at most "
                            + DeviceKind.SWITCH.maxPorts() + "); use a larger radix");
        }
        this.hcas = hcas;
        this.radix = radix;
    }

    public int leaves() {
        return hcas / down();
    }

    public int spines() {
        return down();
    }

    public int devices() {
        return hcas + leaves() + spines();
    }

    private int down() {
        return radix / 2;
    }

    /** The fabric as a YAML topology (the format {@code ibmesh up} reads, with names and no addresses). */
    public String yaml() {
        StringBuilder y = new StringBuilder()
                .append("# A two-level fat tree: ")
                .append(hcas)
                .append(" HCAs, ")
                .append(leaves())
                .append(" leaves and ")
                .append(spines())
                .append(" spines of radix ")
                .append(radix)
                .append(" (")
                .append(devices())
                .append(" devices), made by ibmesh topology fat-tree.\ndevices:\n");
        for (int s = 1; s <= spines(); s++) {
            y.append("  - {name: spine")
                    .append(s)
                    .append(", kind: switch, ports: ")
                    .append(leaves())
                    .append("}\n");
        }
        for (int l = 1; l <= leaves(); l++) {
            y.append("  - {name: leaf")
                    .append(l)
                    .append(", kind: switch, ports: ")
                    .append(radix)
                    .append("}\n");
        }
        for (int h = 1; h <= hcas; h++) {
            y.append("  - {name: h").append(h).append(", kind: hca, ports: 1}\n");
        }
        y.append("links:\n");
        for (int l = 1; l <= leaves(); l++) {
            for (int d = 1; d <= down(); d++) {
                y.append("  - ends: [leaf").append(l).append('/').append(d);
                y.append(", h").append((l - 1) * down() + d).append("/1]\n");
            }
            for (int s = 1; s <= spines(); s++) {
                y.append("  - ends: [leaf").append(l).append('/').append(down() + s);
                y.append(", spine").append(s).append('/').append(l).append("]\n");
            }
        }
        return y.toString();
    }

    /** The fabric, parsed as any topology file is. */
    public Topology topology() {
        try {
            return new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("fat-tree", yaml());
        } catch (TopologyException e) {
            throw new IllegalStateException("the generated fat tree does not parse: " + e.getMessage(), e);
        }
    }
}
