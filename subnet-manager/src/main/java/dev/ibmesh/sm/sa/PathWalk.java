package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.Optional;

/**
 * Follows a route as the packets would: out of the source port, then through each switch's LFT as this SM programmed
 * it, to the port that owns the destination LID. What a path promises is its weakest link: the smallest NeighborMTU
 * and the slowest link rate of the ports it leaves by.
 *
 * @param hops switches crossed
 * @param mtu  MTU code (1: 256 ... 5: 4096)
 * @param rate link rate in tenths of Gb/s
 */
record PathWalk(int hops, int mtu, int rate) {
    /** No route is longer than this (IBA directed routes stop at 63 hops too). */
    private static final int MAX_HOPS = 64;

    /** The path from {@code source} to {@code dlid}, empty when the LFTs lead nowhere or in circles. */
    static Optional<PathWalk> of(SaView view, SmPort source, int dlid) {
        SmPort destination = view.portOfLid(dlid);
        if (destination == null || source.info() == null) {
            return Optional.empty();
        }
        if (source == destination) {
            return Optional.of(new PathWalk(0, source.info().neighborMtu(), Rates.tenthsOfGbps(source.info())));
        }
        int mtu = Integer.MAX_VALUE;
        int rate = Integer.MAX_VALUE;
        SmPort at = source;
        int hops = 0;
        if (!source.node().isSwitch()) {
            mtu = source.info().neighborMtu();
            rate = Rates.tenthsOfGbps(source.info());
            at = source.peer();
        }
        while (at != null && hops <= MAX_HOPS) {
            SmNode node = at.node();
            if (!node.isSwitch()) {
                return at == destination ? Optional.of(new PathWalk(hops, mtu, rate)) : Optional.empty();
            }
            hops++;
            int out = view.route(node, dlid);
            if (out == 0) {
                // Delivered to this switch's own port 0; a walk that starts there is the loopback case above.
                return node.port(0) == destination ? Optional.of(new PathWalk(hops, mtu, rate)) : Optional.empty();
            }
            SmPort egress = node.port(out);
            if (egress == null || egress.info() == null || egress.info().portState() != PortInfo.PORT_STATE_ACTIVE) {
                return Optional.empty();
            }
            mtu = Math.min(mtu, egress.info().neighborMtu());
            rate = Math.min(rate, Rates.tenthsOfGbps(egress.info()));
            at = egress.peer();
        }
        return Optional.empty();
    }
}
