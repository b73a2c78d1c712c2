package dev.ibmesh.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SubnetManager;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** On a min-hop-routed fat tree, FatTreeBalance reroutes with ftree and measures the tables read back. */
class FatTreeBalanceTest {
    @Test
    void theFatTreeEngineSpreadsTheCaLidsEvenlyOverEveryLeafUplink() throws Exception {
        FatTree tree = new FatTree(16, 8);
        try (UpFabric up = UpFabric.start(
                new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("fat-tree.yaml", tree.yaml()),
                new SimpleMeterRegistry(),
                1)) {
            MadPort port = AgentMadPort.open(
                            HcaHostPort.of((HcaDevice) up.fabric().device("h1")).get(0))
                    .get(10, TimeUnit.SECONDS);
            SmOptions minHop = SmOptions.defaults();
            assertTrue(new SubnetManager(port, minHop, line -> {}).sweep().up());

            RouteBalance balance = FatTreeBalance.measure(port, minHop);

            // 4 leaves of 4 CAs, 4 uplinks each: the 12 CA LIDs of the other leaves, 3 per uplink.
            assertEquals(new RouteBalance(4, 16, 3, 3, 0, balance.worstLeaf()), balance);
            port.close();
        }
    }
}
