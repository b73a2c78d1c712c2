package dev.ibmesh.sm.discovery;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.sm.smp.DrPath;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A directed-route sweep of the whole subnet from the SM's port (IBA 14.4.1, subnet discovery), breadth first, one
 * hop further per round:
 *
 * <ol>
 *   <li>SubnGet(NodeInfo) along every route of the round. A node GUID seen before closes a loop or a parallel cable:
 *       the cable is recorded and nothing more is asked. A new node is recorded with the route that reached it.</li>
 *   <li>For the nodes and CA ports new this round: NodeDescription, SwitchInfo (switches), PortInfo of every switch
 *       port (0 to NumPorts) and of each CA port reached.</li>
 *   <li>The next round's routes: through every port of a new switch whose PortState is not Down and whose cable is
 *       not known yet (and out of the SM's own port, if the SM's node is a CA). A CA does not forward SMPs it did not
 *       originate, so no route goes through one.</li>
 * </ol>
 *
 * Every SMP of a round is on its way before the first answer is read ({@link SmpDispatcher} limits how many are on
 * the wire). An SMP that gets no answer is made up for by what the last sweep read there ({@link Recall}), if it
 * may be; otherwise it is a problem of the subnet, and what is behind it stays unseen.
 *
 * <p>Threading: {@link #sweep} blocks the calling thread (never a device's event loop) until the sweep is done.
 */
public final class Discovery {
    private final SmpDispatcher smps;

    public Discovery(SmpDispatcher smps) {
        this.smps = smps;
    }

    /** Sweeps the subnet and returns it as seen now, with nothing to recall. */
    public Subnet sweep() {
        return sweep(null);
    }

    /** Sweeps the subnet; answers lost now may be recalled from {@code last} (the last sweep's subnet, or null). */
    public Subnet sweep(Subnet last) {
        Subnet subnet = new Subnet();
        Recall recall = new Recall(last, subnet);
        List<Probe> round = List.of(new Probe(DrPath.SELF, null));
        while (!round.isEmpty()) {
            round = explore(subnet, recall, round);
        }
        return subnet;
    }

    private List<Probe> explore(Subnet subnet, Recall recall, List<Probe> probes) {
        List<SmNode> fresh = new ArrayList<>();
        List<SmPort> freshCaPorts = new ArrayList<>();
        SmpBatch nodeInfos = new SmpBatch();
        for (Probe probe : probes) {
            Supplier<String> what = () -> "NodeInfo along " + probe.path;
            nodeInfos.add(
                    smps.get(NodeInfo.ATTRIBUTE_ID, 0, probe.path),
                    what,
                    answer -> arrived(subnet, probe, NodeInfo.decode(answer.data(), 0), fresh, freshCaPorts),
                    () -> {
                        NodeInfo known = probe.from == null ? null : recall.nodeBehind(probe.from);
                        SmNode node = known == null ? null : arrived(subnet, probe, known, fresh, freshCaPorts);
                        if (node != null) {
                            recall.recalledNode(node, what.get());
                        }
                        return node != null;
                    });
        }
        nodeInfos.await(subnet::problem);

        SmpBatch details = new SmpBatch();
        for (SmNode node : fresh) {
            Supplier<String> description = () -> "NodeDescription of " + node;
            details.add(
                    smps.get(NodeDescription.ATTRIBUTE_ID, 0, node.path()),
                    description,
                    a -> node.description(NodeDescription.decode(a.data(), 0).text()),
                    () -> recall.description(node, description.get()));
            if (node.isSwitch()) {
                Supplier<String> switchInfo = () -> "SwitchInfo of " + node;
                details.add(
                        smps.get(SwitchInfo.ATTRIBUTE_ID, 0, node.path()),
                        switchInfo,
                        a -> node.switchInfo(SwitchInfo.decode(a.data(), 0)),
                        () -> recall.switchInfo(node, switchInfo.get()));
                for (int p = 0; p <= node.info().numPorts(); p++) {
                    readPortInfo(details, recall, node.port(p, node.info().portGuid(), node.path()));
                }
            }
        }
        freshCaPorts.forEach(p -> readPortInfo(details, recall, p));
        details.await(subnet::problem);

        List<Probe> next = new ArrayList<>();
        for (SmNode node : fresh) {
            if (node.isSwitch()) {
                for (int p = 1; p <= node.info().numPorts(); p++) {
                    probeThrough(subnet, node.port(p), node.path().then(p), next);
                }
            }
        }
        SmPort own = subnet.smPort();
        if (own != null && !own.node().isSwitch() && freshCaPorts.contains(own)) {
            probeThrough(subnet, own, DrPath.SELF.then(own.number()), next);
        }
        return next;
    }

    /** Records the node {@code info} describes, reached by {@code probe}; returns it, or null if it made no sense. */
    private static SmNode arrived(
            Subnet subnet, Probe probe, NodeInfo info, List<SmNode> fresh, List<SmPort> freshCaPorts) {
        SmNode node = subnet.node(info.nodeGuid());
        if (node == null) {
            node = subnet.add(info, probe.path);
            fresh.add(node);
        }
        boolean seen = node.port(info.localPortNum()) != null;
        SmPort port;
        try {
            port = node.port(info.localPortNum(), info.portGuid(), probe.path);
        } catch (IllegalArgumentException e) {
            subnet.problem("NodeInfo along " + probe.path + ": " + e.getMessage());
            return null;
        }
        if (probe.from == null) {
            subnet.smPort(port);
        } else {
            subnet.link(probe.from, port);
        }
        if (!node.isSwitch() && !seen) {
            freshCaPorts.add(port);
        }
        return node;
    }

    private void readPortInfo(SmpBatch batch, Recall recall, SmPort port) {
        Supplier<String> what = () -> "PortInfo of " + port;
        batch.add(
                smps.get(PortInfo.ATTRIBUTE_ID, port.number(), port.path()),
                what,
                a -> port.info(PortInfo.decode(a.data(), 0)),
                () -> recall.portInfo(port, what.get()));
    }

    /** Queues a probe out of {@code port} when it has a trained cable the sweep has not crossed yet. */
    private static void probeThrough(Subnet subnet, SmPort port, DrPath path, List<Probe> next) {
        PortInfo info = port == null ? null : port.info();
        if (info == null || info.portState() == PortInfo.PORT_STATE_DOWN || port.peer() != null) {
            return;
        }
        if (path.length() > DrSmp.MAX_HOP_COUNT) {
            subnet.problem(port + " is more than " + DrSmp.MAX_HOP_COUNT + " hops away: not explored");
            return;
        }
        next.add(new Probe(path, port));
    }

    /** A route to try, and the port it leaves through (null for the SM's own node). */
    private record Probe(DrPath path, SmPort from) {}
}
