package dev.ibmesh.runtime.topology;

import java.util.Optional;

/** PortInfo LinkWidth: the codes of LinkWidthActive, bits of LinkWidthSupported/Enabled. Declared narrowest first. */
public enum LinkWidth implements Coded {
    W1X(1, "1x", 1),
    W2X(16, "2x", 2),
    W4X(2, "4x", 4),
    W8X(4, "8x", 8),
    W12X(8, "12x", 12);

    static final Choices<LinkWidth> CHOICES = new Choices<>(LinkWidth.class, "link width");

    private final int code;
    private final String label;
    private final int lanes;

    LinkWidth(int code, String label, int lanes) {
        this.code = code;
        this.label = label;
        this.lanes = lanes;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String label() {
        return label;
    }

    public int lanes() {
        return lanes;
    }

    /** The width whose LinkWidthActive code this is, if any. */
    public static Optional<LinkWidth> ofCode(int code) {
        return CHOICES.ofCode(code);
    }
}
