package dev.ibmesh.sm;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSM's light sweep: SubnGet(SwitchInfo) of every switch of the last heavy sweep. A switch whose PortStateChange
 * is set (one of its ports changed state since the SM cleared it, IBA 14.2.5.4), or one that does not answer, means
 * the subnet changed and needs a heavy sweep. One SMP per switch, so an idle fabric costs next to nothing.
 */
final class LightSweep {
    private LightSweep() {}

    /** What changed, empty if nothing did. */
    static List<String> changes(SmpDispatcher smps, Subnet last) {
        List<String> changes = new ArrayList<>();
        SmpBatch batch = new SmpBatch();
        for (SmNode sw : last.switches()) {
            batch.add(smps.get(SwitchInfo.ATTRIBUTE_ID, 0, sw.path()), () -> "SwitchInfo of " + sw, a -> {
                if (SwitchInfo.decode(a.data(), 0).portStateChange()) {
                    changes.add("PortStateChange on " + sw);
                }
            });
        }
        batch.await(changes::add);
        return changes;
    }
}
