package dev.ibmesh.runtime.port;

import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.topology.LinkWidth;

/**
 * What two ports agree on when their link trains: the widest width and the fastest speed that both ends enable
 * (enabled masks are taken within supported ones), reported as PortInfo's LinkWidthActive, LinkSpeedActive and
 * LinkSpeedExtActive. Extended speeds (FDR and up) are used when both ends enable one; LinkSpeedActive still
 * reports the best common base speed, as real ports do. No common width or base speed: the link does not train.
 */
public final class LinkTraining {
    private LinkTraining() {}

    /** The trained link, or {@link TrainedLink#NONE} when the ends share no width or speed (the port keeps polling). */
    public static TrainedLink negotiate(PhyState local, PhyState remote) {
        int width = widest(common(
                local.getLinkWidthSupported(),
                local.getLinkWidthEnabled(),
                remote.getLinkWidthSupported(),
                remote.getLinkWidthEnabled()));
        int speed = Integer.highestOneBit(common(
                        local.getLinkSpeedSupported(),
                        local.getLinkSpeedEnabled(),
                        remote.getLinkSpeedSupported(),
                        remote.getLinkSpeedEnabled())
                & 0x7);
        int ext = Integer.highestOneBit(common(
                        local.getLinkSpeedExtSupported(),
                        local.getLinkSpeedExtEnabled(),
                        remote.getLinkSpeedExtSupported(),
                        remote.getLinkSpeedExtEnabled())
                & 0xF);
        if (width == 0 || speed == 0) {
            return TrainedLink.NONE;
        }
        return new TrainedLink(width, speed, ext);
    }

    private static int common(int supportedA, int enabledA, int supportedB, int enabledB) {
        return supportedA & enabledA & supportedB & enabledB;
    }

    /** The widest width in a LinkWidth mask (the codes do not run in width order: 2x is 16), 0 for none. */
    private static int widest(int mask) {
        int best = 0;
        for (LinkWidth w : LinkWidth.values()) { // narrowest first
            if ((mask & w.code()) != 0) {
                best = w.code();
            }
        }
        return best;
    }
}
