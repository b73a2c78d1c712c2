package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With QoS on (OpenSM's qos TRUE, default policy), every active port carries SL i on VL i (SL 15 on VL 7) within its
 * operational VLs, arbitrates VL0 high and the other VLs low with weight 4, and has VLHighLimit 0; read back from
 * the devices by an independent sweep. Tables already written are not written again.
 */
class QosTest {
    @Test
    void everyActivePortGetsOpenSmsDefaultTables() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            MadPort port = f.madPort("h1");
            SubnetManager sm = new SubnetManager(port, SmOptions.defaults().withQos(true), line -> {});
            SweepResult first = sm.sweep();
            assertTrue(first.up(), first::summary);

            SmpDispatcher reader = new SmpDispatcher(f.madPort("h3"), 8, Duration.ofSeconds(2), 1);
            Subnet seen = new Discovery(reader).sweep();
            List<String> wrong = new ArrayList<>();
            int checked = 0;
            for (SmNode node : seen.nodes()) {
                for (SmPort out : node.ports()) {
                    PortInfo info = out.info();
                    if ((node.isSwitch() && out.number() == 0) || info.portState() != PortInfo.PORT_STATE_ACTIVE) {
                        continue;
                    }
                    if (info.vlHighLimit() != 0) {
                        wrong.add(out + " VLHighLimit " + info.vlHighLimit());
                    }
                    int in = node.isSwitch() ? (out.number() % node.info().numPorts()) + 1 : 0;
                    SlToVlMappingTable sl2vl = SlToVlMappingTable.decode(
                            get(reader, SlToVlMappingTable.ATTRIBUTE_ID, in << 8 | out.number(), out), 0);
                    for (int sl = 0; sl < SlToVlMappingTable.NUM_SLS; sl++) {
                        int expected = (sl == 15 ? 7 : sl) & ((1 << (info.operationalVls() - 1)) - 1);
                        if (sl2vl.vl(sl) != expected) {
                            wrong.add(out + " SL" + sl + " on VL" + sl2vl.vl(sl) + ", expected VL" + expected);
                        }
                    }
                    int modifier = node.isSwitch() ? out.number() : 0;
                    VlArbitrationTable high = VlArbitrationTable.decode(
                            get(reader, VlArbitrationTable.ATTRIBUTE_ID, 2 << 16 | modifier, out), 0);
                    if (!high.entries().get(0).equals(new VlArbitrationTable.Entry(0, 4))) {
                        wrong.add(
                                out + " high-priority entry 0 " + high.entries().get(0));
                    }
                    checked++;
                }
            }
            assertEquals(List.of(), wrong);
            assertEquals(2 * f.fabric.links(), checked, "both ends of every cable");

            SweepResult second = sm.sweep();
            SmpDispatcher count = new SmpDispatcher(port, 8, Duration.ofSeconds(2), 1);
            new Discovery(count).sweep();
            assertEquals(count.sent(), second.smps(), "tables already written are not written again");
        }
    }

    private static byte[] get(SmpDispatcher reader, int attribute, int modifier, SmPort at) {
        DrSmp answer = reader.get(attribute, modifier, at.path()).join();
        assertEquals(0, answer.status(), () -> "attribute " + attribute + " modifier " + modifier + " of " + at);
        return answer.data();
    }
}
