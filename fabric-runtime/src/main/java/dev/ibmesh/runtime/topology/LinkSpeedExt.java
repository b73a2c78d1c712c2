package dev.ibmesh.runtime.topology;

import java.util.Optional;

/**
 * PortInfo LinkSpeedExt (FDR, EDR, HDR, NDR): codes of LinkSpeedExtActive, bits of Supported/Enabled. Data per lane
 * after 64b/66b coding: FDR 14.0625 and EDR 25.78125 Gb/s signalling carry 13.64 and 25 Gb/s; HDR and NDR are
 * counted at their nominal 50 and 100 Gb/s.
 */
public enum LinkSpeedExt implements Coded {
    FDR(1, 14.0625e9 * 64 / 66),
    EDR(2, 25.78125e9 * 64 / 66),
    HDR(4, 50e9),
    NDR(8, 100e9);

    static final Choices<LinkSpeedExt> CHOICES = new Choices<>(LinkSpeedExt.class, "extended link speed");

    private final int code;
    private final double laneBitsPerSecond;

    LinkSpeedExt(int code, double laneBitsPerSecond) {
        this.code = code;
        this.laneBitsPerSecond = laneBitsPerSecond;
    }

    /** The extended speed whose LinkSpeedExtActive code this is, if any (0: none). */
    public static Optional<LinkSpeedExt> ofCode(int code) {
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
