package dev.ibmesh.runtime.port;

import dev.ibmesh.proto.link.v1.PhyState;

/**
 * What two ports agree on when their link trains: the widest width and the fastest speed that both ends enable
 * (enabled masks are taken within supported ones), reported as PortInfo's LinkWidthActive, LinkSpeedActive and
 * LinkSpeedExtActive. Extended speeds (FDR and up) are used when both ends enable one; LinkSpeedActive still
 * reports the best common base speed, as real ports do. No common width or base speed: the link does not train.
 */
public final class LinkTraining {
    /** PortInfo LinkWidth bits, narrowest first: 1x (1), 2x (16), 4x (2), 8x (4), 12x (8). */
    private static final int[] WIDTHS_NARROW_TO_WIDE = {1, 16, 2, 4, 8};

    private LinkTraining() {}

    /** The outcome; {@code trained} false means the ends share no width or speed and the port stays in Polling. */
    public record Result(boolean trained, int linkWidthActive, int linkSpeedActive, int linkSpeedExtActive) {
        static final Result FAILED = new Result(false, 0, 0, 0);
    }

    public static Result negotiate(PhyState local, PhyState remote) {
        int width = best(
                WIDTHS_NARROW_TO_WIDE,
                common(
                        local.getLinkWidthSupported(),
                        local.getLinkWidthEnabled(),
                        remote.getLinkWidthSupported(),
                        remote.getLinkWidthEnabled()));
        int speed = highestBit(common(
                        local.getLinkSpeedSupported(),
                        local.getLinkSpeedEnabled(),
                        remote.getLinkSpeedSupported(),
                        remote.getLinkSpeedEnabled())
                & 0x7);
        int ext = highestBit(common(
                        local.getLinkSpeedExtSupported(),
                        local.getLinkSpeedExtEnabled(),
                        remote.getLinkSpeedExtSupported(),
                        remote.getLinkSpeedExtEnabled())
                & 0xF);
        if (width == 0 || speed == 0) {
            return Result.FAILED;
        }
        return new Result(true, width, speed, ext);
    }

    private static int common(int supportedA, int enabledA, int supportedB, int enabledB) {
        return supportedA & enabledA & supportedB & enabledB;
    }

    private static int best(int[] narrowToWide, int mask) {
        int best = 0;
        for (int w : narrowToWide) {
            if ((mask & w) != 0) {
                best = w;
            }
        }
        return best;
    }

    private static int highestBit(int mask) {
        return Integer.highestOneBit(mask);
    }
}
