package dev.ibmesh.sm.activation;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.routing.Routes;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes a computed configuration into the subnet, in the order the spec needs (IBA 14.4.3, then 14.4.4 activation):
 *
 * <ol>
 *   <li>Forwarding: each switch's LinearFDBTop (SwitchInfo, clearing PortStateChange) and the 64-LID blocks of its LFT that differ from what
 *       this SM last wrote there (all of them the first time, or when the switch's LinearFDBTop is not what was
 *       written: it was reset or another SM programmed it).</li>
 *   <li>Ports: SubnSet(PortInfo) with LIDs, MasterSMLID, NeighborMTU and OperationalVLs ({@link PortSettings}), and
 *       PortState Armed for a port in Init. A port that has all of it and is Active gets no SMP.</li>
 *   <li>Activation: PortState Active for every port the previous step armed. Every port is Armed before any becomes
 *       Active, as OpenSM does, so no packet is forwarded before the whole path is configured. Then
 *       PortStateChange is cleared on the switches whose ports this changed.</li>
 * </ol>
 *
 * <p>Not thread-safe: owned by the SM's sweeping thread.
 */
public final class SubnetConfigurator {
    private final SmpDispatcher smps;
    private final Map<Long, int[]> written = new HashMap<>();

    private final boolean qos;
    private final MKeyPolicy mKey;

    /**
     * @param qos  whether ports get VLHighLimit 0 (OpenSM's QoS default); otherwise it is written back as read
     * @param mKey what end ports get as M_Key, protect bits and lease period
     */
    public SubnetConfigurator(SmpDispatcher smps, boolean qos, MKeyPolicy mKey) {
        this.smps = smps;
        this.qos = qos;
        this.mKey = mKey;
    }

    /** Programs forwarding, configures and activates every port; returns how many SMPs failed. */
    public int apply(
            Subnet subnet, LidAssignment lids, Routes routes, Consumer<String> problems, Consumer<String> phaseEnded) {
        Set<SmNode> cleared = new LinkedHashSet<>();
        int failed = forwarding(subnet, routes, problems, cleared);
        phaseEnded.accept("forwarding");
        int smLid = lids.lid(subnet.smPort());
        Map<SmPort, PortInfo> armed = new LinkedHashMap<>();
        SmpBatch ports = new SmpBatch();
        for (SmNode node : subnet.nodes()) {
            for (SmPort port : node.ports()) {
                PortInfo now = port.info();
                if (now == null || now.portState() == PortInfo.PORT_STATE_DOWN) {
                    continue;
                }
                int state = now.portState() == PortInfo.PORT_STATE_INIT ? PortInfo.PORT_STATE_ARMED : 0;
                PortInfo wanted = PortSettings.desired(port, lids, smLid, state, qos, mKey);
                if (PortSettings.satisfied(now, wanted, port.isEndPort())) {
                    continue;
                }
                if (state != 0 || now.portState() == PortInfo.PORT_STATE_ARMED) {
                    armed.put(port, wanted);
                }
                set(ports, port, wanted, "PortInfo (configure) of ");
            }
        }
        failed += ports.await(problems);
        phaseEnded.accept("arm");
        SmpBatch activate = new SmpBatch();
        armed.forEach((port, wanted) -> set(
                activate,
                port,
                wanted.toBuilder()
                        .portState(PortInfo.PORT_STATE_ACTIVE)
                        .operationalVls(0)
                        .build(),
                "PortInfo (activate) of "));
        failed += activate.await(problems);
        phaseEnded.accept("activate");
        // Our own Sets of PortState raised PortStateChange on these switches: clear it, so that a light sweep that
        // finds it set knows someone else changed something (IBA 14.2.5.4).
        SmpBatch clear = new SmpBatch();
        armed.keySet().stream()
                .map(SmPort::node)
                .filter(sw -> sw.switchInfo().isPresent())
                .distinct()
                .forEach(sw -> {
                    setSwitchInfo(clear, sw, routes.maxLid());
                    cleared.add(sw);
                });
        failed += clear.await(problems);
        phaseEnded.accept("clear PortStateChange");
        failed += cameUp(cleared, problems);
        return failed;
    }

    /**
     * A link that came up during the sweep set PortStateChange, which the sweep then cleared with its own, and its
     * trap 128 may have gone nowhere (the switch knew no master SM yet). So the ports of those switches that were down
     * at discovery are read again, after the clear: one that is up now is a problem, and the SM sweeps again. A read
     * that goes unanswered is not one: on a lossy fabric it would keep every sweep from ending up, and there the light
     * sweep, which takes an unanswered SwitchInfo for a change, soon sweeps again. A link that comes up later sets
     * PortStateChange anew, for the light sweep to find.
     */
    private int cameUp(Set<SmNode> switches, Consumer<String> problems) {
        SmpBatch reads = new SmpBatch();
        List<String> up = new ArrayList<>();
        for (SmNode sw : switches) {
            for (SmPort port : sw.ports()) {
                PortInfo seen = port.info();
                if (port.number() > 0 && seen != null && seen.portState() == PortInfo.PORT_STATE_DOWN) {
                    reads.add(
                            smps.get(PortInfo.ATTRIBUTE_ID, port.number(), sw.path()),
                            () -> "PortInfo of " + port,
                            a -> {
                                if (PortInfo.decode(a.data(), 0).portState() != PortInfo.PORT_STATE_DOWN) {
                                    up.add(port + " came up during the sweep");
                                }
                            });
                }
            }
        }
        // A read lost on a lossy link proves nothing came up: only a port read up makes the sweep incomplete.
        reads.await(lost -> {});
        up.forEach(problems);
        return up.size();
    }

    private void setSwitchInfo(SmpBatch batch, SmNode sw, int top) {
        SwitchInfo info = sw.switchInfo().orElseThrow();
        batch.add(
                smps.set(
                        SwitchInfo.ATTRIBUTE_ID,
                        0,
                        info.withLinearFdbTop(top).clearingPortStateChange().toBytes(),
                        sw.path()),
                () -> "SwitchInfo (LinearFDBTop, PortStateChange) of " + sw,
                a -> {});
    }

    private void set(SmpBatch batch, SmPort port, PortInfo info, String what) {
        batch.add(
                smps.set(PortInfo.ATTRIBUTE_ID, port.number(), info.toBytes(), port.path()),
                () -> what + port,
                a -> port.info(PortInfo.decode(a.data(), 0)));
    }

    private int forwarding(Subnet subnet, Routes routes, Consumer<String> problems, Set<SmNode> cleared) {
        SmpBatch batch = new SmpBatch();
        List<Runnable> remember = new ArrayList<>();
        routes.tables().forEach((sw, table) -> {
            SwitchInfo info = sw.switchInfo().orElse(null);
            if (info == null) {
                return;
            }
            int[] before = written.get(sw.guid());
            if (before == null || info.linearFdbTop() != routes.maxLid()) {
                before = new int[0];
            }
            if (info.linearFdbTop() != routes.maxLid() || info.portStateChange()) {
                setSwitchInfo(batch, sw, routes.maxLid());
                cleared.add(sw);
            }
            for (int block = 0; block <= routes.maxLid() / LinearForwardingTable.LIDS_PER_BLOCK; block++) {
                int from = block * LinearForwardingTable.LIDS_PER_BLOCK;
                int to = Math.min(from + LinearForwardingTable.LIDS_PER_BLOCK, table.length);
                if (to <= before.length && Arrays.equals(table, from, to, before, from, to)) {
                    continue;
                }
                int[] ports = new int[LinearForwardingTable.LIDS_PER_BLOCK];
                Arrays.fill(ports, LinearForwardingTable.NO_PATH);
                System.arraycopy(table, from, ports, 0, to - from);
                int number = block;
                batch.add(
                        smps.set(
                                LinearForwardingTable.ATTRIBUTE_ID,
                                block,
                                new LinearForwardingTable(
                                                Arrays.stream(ports).boxed().toList())
                                        .toBytes(),
                                sw.path()),
                        () -> "LinearForwardingTable block " + number + " of " + sw,
                        a -> {});
            }
            remember.add(() -> written.put(sw.guid(), table.clone()));
        });
        return batch.await(problems, () -> remember.forEach(Runnable::run), written::clear);
    }
}
