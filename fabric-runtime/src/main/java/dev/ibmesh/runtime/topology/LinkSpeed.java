package dev.ibmesh.runtime.topology;

import java.util.Optional;

/**
 * PortInfo LinkSpeed (SDR 2.5, DDR 5, QDR 10 Gb/s per lane): codes of LinkSpeedActive, bits of Supported/Enabled.
 * 8b/10b line coding leaves 2, 4 and 8 Gb/s of data per lane.
 */
public enum LinkSpeed implements Coded {
    SDR(1, 2e9),
    DDR(2, 4e9),
    QDR(4, 8e9);

    static final Choices<LinkSpeed> CHOICES = new Choices<>(LinkSpeed.class, "link speed");

    private final int code;
    private final double laneBitsPerSecond;

    LinkSpeed(int code, double laneBitsPerSecond) {
        this.code = code;
        this.laneBitsPerSecond = laneBitsPerSecond;
    }

    /** The speed whose LinkSpeedActive code this is, if any. */
    public static Optional<LinkSpeed> ofCode(int code) {
        return CHOICES.ofCode(code);
    }

    /** Data bits per second one lane carries, after line coding. */
    public double laneBitsPerSecond() {
        return laneBitsPerSecond;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String label() {
        return name();
    }
}
