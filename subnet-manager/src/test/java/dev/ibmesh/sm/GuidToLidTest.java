package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.lid.GuidToLidFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenSM's QA flow "LMC 2 with a corrupt guid2lid file": zero, duplicate and unaligned LIDs and a line that is no
 * entry. The SM comes up anyway, keeps the entries that are good, gives the others valid LIDs, and writes a file a
 * second SM (a restart) reads back to the same LIDs.
 */
class GuidToLidTest {
    @TempDir
    Path dir;

    @Test
    void aCorruptFileIsRepairedAndTheGoodEntriesKept() throws Exception {
        Path file = dir.resolve("guid2lid");
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            long h1 = guid(f, "h1");
            long h2 = guid(f, "h2");
            long h3 = guid(f, "h3");
            long h4 = guid(f, "h4");
            long h5 = guid(f, "h5");
            Files.writeString(
                    file,
                    String.format(
                            "0x%016x 0x0000 0x0003%n%n" // zero
                                    + "0x%016x 0x0020 0x0023%n%n" // h2 and h3 both claim 32
                                    + "0x%016x 0x0020 0x0023%n%n"
                                    + "0x%016x 0x000d 0x0010%n%n" // not aligned to LMC 2
                                    + "not an entry%n%n"
                                    + "0x%016x 0x0040 0x0043%n%n", // good: kept
                            h1, h2, h3, h4, h5));
            MadPort port = f.madPort("h1");
            List<String> log = new ArrayList<>();
            SmOptions options = SmOptions.defaults().withLmc(2).withGuidToLid(file);
            SweepResult up = new SubnetManager(port, options, log::add).sweep();
            assertTrue(up.up(), up::summary);
            assertTrue(log.stream().anyMatch(l -> l.contains("line 9 skipped: 'not an entry'")), log::toString);

            Map<Long, Integer> lids = lidsByGuid(up);
            assertEquals(0x40, lids.get(h5), "a good entry is kept");
            assertEquals(0x20, lids.get(h2), "of two ports claiming one LID, the first keeps it");
            assertNotEquals(0x20, lids.get(h3));
            assertNotEquals(0, lids.get(h1));
            Set<Integer> taken = new HashSet<>();
            for (SmPort p : up.lids().bases().keySet()) {
                int base = up.lids().lid(p);
                assertEquals(0, base % up.lids().span(p), p + " base LID aligned to its LMC");
                for (int l = base; l < base + up.lids().span(p); l++) {
                    assertTrue(taken.add(l), "LID " + l + " owned once");
                }
            }
            BringUpTest.verifyAsTheFabricIs(port);

            assertEquals(lids, GuidToLidFile.read(file, log::add), "the file holds what was given");
            SweepResult again = new SubnetManager(port, options, log::add).sweep();
            assertEquals(lids, lidsByGuid(again), "a restarted SM gives the same LIDs");

            // The file outranks what a port reports: move h6 to 0x80 in the file only.
            long h6 = guid(f, "h6");
            Files.writeString(file, String.format("0x%016x 0x0080 0x0083%n", h6), StandardOpenOption.APPEND);
            SweepResult moved = new SubnetManager(port, options, log::add).sweep();
            assertEquals(0x80, lidsByGuid(moved).get(h6));
            BringUpTest.verifyAsTheFabricIs(port);
        }
    }

    private static long guid(SmFabric f, String hca) {
        return f.fabric.device(hca).deviceConfig().portGuid(1);
    }

    private static Map<Long, Integer> lidsByGuid(SweepResult r) {
        Map<Long, Integer> m = new HashMap<>();
        r.lids().bases().forEach((p, lid) -> m.put(p.guid(), lid));
        return m;
    }
}
