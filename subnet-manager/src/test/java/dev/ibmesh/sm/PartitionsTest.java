package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.sa.PathRecord;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.sa.SaClient;
import dev.ibmesh.sm.partition.PartitionsFile;
import dev.ibmesh.sm.smp.DrPath;
import dev.ibmesh.sm.smp.SmpDispatcher;
import dev.ibmesh.wire.Bits;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Partitions as OpenSM's partitions.conf gives them: the SM writes every end port's P_Key table, and the SA's paths
 * carry the P_Key two ports share, or do not exist. h1 runs the SM; every CA is a limited member of the default
 * partition and the SM's port a full one; h2 (full) and h3 (limited) share partition 0x0002.
 */
class PartitionsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void theSmWritesPKeyTablesAndPathsStayInsidePartitions() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            Map<String, MadPort> hosts = new HashMap<>();
            Map<Long, String> names = new HashMap<>();
            for (String h : List.of("h2", "h3", "h4")) {
                hosts.put(h, f.madPort(h));
                names.put(hosts.get(h).identity().portGuid(), h);
            }
            String conf = String.format(
                    "Default=0x7fff : ALL_CAS=limited, SELF=full ;%nstorage=0x0002 : 0x%016x=full, 0x%016x ;%n",
                    hosts.get("h2").identity().portGuid(),
                    hosts.get("h3").identity().portGuid());
            SmOptions options = SmOptions.defaults().withPartitions(PartitionsFile.parse(conf, "t.conf", n -> {}));
            try (SmService sm = new SmService(f.madPort("h1"), options, 0, Duration.ofHours(1), s -> {})) {
                SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
                assertTrue(up.up(), up::summary);

                assertEquals(List.of(0x7FFF, 0x8002), ownPKeys(hosts.get("h2")));
                assertEquals(List.of(0x7FFF, 0x0002), ownPKeys(hosts.get("h3")));
                assertEquals(List.of(0x7FFF), ownPKeys(hosts.get("h4")));

                long h1 = up.subnet().smPort().guid();
                names.put(h1, "h1");
                try (SaClient sa = new SaClient(hosts.get("h4"), TIMEOUT)) {
                    List<PathRecord> paths = sa.query(
                                    up.lids().lid(up.subnet().smPort()),
                                    Method.GET_TABLE,
                                    PathRecord.ATTRIBUTE_ID,
                                    0,
                                    new byte[0])
                            .get(20, TimeUnit.SECONDS)
                            .records(PathRecord::decode);
                    Map<String, Integer> byPair = new HashMap<>();
                    for (PathRecord p : paths) {
                        String from = names.getOrDefault(Bits.u64(p.sgid(), 8), "other");
                        String to = names.getOrDefault(Bits.u64(p.dgid(), 8), "other");
                        byPair.put(from + ">" + to, p.pKey());
                    }
                    assertEquals(0x8002, byPair.get("h2>h3"), "h2 is a full member of 0x0002");
                    assertEquals(0x8002, byPair.get("h3>h2"));
                    assertEquals(0xFFFF, byPair.get("h4>h1"), "the SM's port is a full member of the default");
                    assertEquals(0xFFFF, byPair.get("h1>h3"));
                    for (String none : List.of("h2>h4", "h4>h2", "h3>h4", "h3>h3", "h4>h4")) {
                        assertTrue(!byPair.containsKey(none), none + ": limited members only, no path: " + byPair);
                    }
                    // Switch ports 0 stay full members of the default partition: every CA reaches them.
                    long switchPaths = paths.stream()
                            .filter(p -> "h4".equals(names.get(Bits.u64(p.sgid(), 8)))
                                    && !names.containsKey(Bits.u64(p.dgid(), 8)))
                            .count();
                    assertEquals(up.subnet().switches().size(), switchPaths, "h4 to every switch");
                }
            }
        }
    }

    /** Block 0 of the P_Key table of the port {@code host} runs on, up to its first invalid entry. */
    private static List<Integer> ownPKeys(MadPort host) throws Exception {
        SmpDispatcher smps = new SmpDispatcher(host, 1, Duration.ofMillis(500), 3);
        PKeyTable block = PKeyTable.decode(
                smps.get(PKeyTable.ATTRIBUTE_ID, 0, DrPath.SELF)
                        .get(10, TimeUnit.SECONDS)
                        .data(),
                0);
        return block.pKeys().stream().takeWhile(k -> k != PKeyTable.INVALID).toList();
    }
}
