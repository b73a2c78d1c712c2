package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FatTreeTest {
    @Test
    void the702NodeFabricHasEveryLeafUpToEverySpine() {
        Topology t = new FatTree(648, 36).topology();
        assertEquals(702, t.devices().size());
        assertEquals(648 + 36 * 18, t.links().size(), "an HCA link per HCA, a link per leaf and spine");
        for (int leaf = 1; leaf <= 36; leaf++) {
            for (int spine = 1; spine <= 18; spine++) {
                PortRef up = new PortRef("leaf" + leaf, 18 + spine);
                assertEquals(new PortRef("spine" + spine, leaf), t.peer(up).orElseThrow(), up + "'s peer");
            }
        }
        Map<String, Long> hcasPerLeaf = t.links().stream()
                .filter(l -> l.b().port().device().startsWith("h"))
                .collect(Collectors.groupingBy(l -> l.a().port().device(), Collectors.counting()));
        assertEquals(36, hcasPerLeaf.size());
        hcasPerLeaf.values().forEach(n -> assertEquals(18L, n));
    }

    @Test
    void the2144NodeFabric() {
        FatTree tree = new FatTree(2048, 64);
        assertEquals(2144, tree.devices());
        assertEquals(2144, tree.topology().devices().size());
    }

    @Test
    void impossibleTreesAreRefusedWithTheReason() {
        assertEquals(
                "radix must be an even number of ports, 2..254; was 35",
                assertThrows(IllegalArgumentException.class, () -> new FatTree(35, 35))
                        .getMessage());
        assertEquals(
                "HCAs must be a positive multiple of radix/2 = 18 (a leaf's down ports); was 20",
                assertThrows(IllegalArgumentException.class, () -> new FatTree(20, 36))
                        .getMessage());
    }
}
