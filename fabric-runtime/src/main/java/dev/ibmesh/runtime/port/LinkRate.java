package dev.ibmesh.runtime.port;

/**
 * The data rate of a trained link: lanes times the per-lane data rate after line coding (8b/10b up to QDR,
 * 64b/66b from FDR): SDR 2, DDR 4, QDR 8, FDR 13.64, EDR 25, HDR 50, NDR 100 Gb/s per lane.
 */
public final class LinkRate {
    private LinkRate() {}

    /** Bits per second of data a link with these PortInfo active values carries; 0 if it is not trained. */
    public static double bitsPerSecond(LinkTraining.Result t) {
        if (!t.trained()) {
            return 0;
        }
        return lanes(t.linkWidthActive()) * laneBitsPerSecond(t.linkSpeedActive(), t.linkSpeedExtActive());
    }

    static int lanes(int linkWidthActive) {
        return switch (linkWidthActive) {
            case 1 -> 1;
            case 16 -> 2;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            default -> 0;
        };
    }

    static double laneBitsPerSecond(int speedActive, int speedExtActive) {
        return switch (speedExtActive) {
            case 1 -> 14.0625e9 * 64 / 66;
            case 2 -> 25.78125e9 * 64 / 66;
            case 4 -> 50e9;
            case 8 -> 100e9;
            default ->
                switch (speedActive) {
                    case 1 -> 2e9;
                    case 2 -> 4e9;
                    case 4 -> 8e9;
                    default -> 0;
                };
        };
    }
}
