package dev.ibmesh.runtime.topology;

/** PortInfo LinkSpeed (SDR 2.5, DDR 5, QDR 10 Gb/s per lane): codes of LinkSpeedActive, bits of Supported/Enabled. */
public enum LinkSpeed implements Coded {
    SDR(1),
    DDR(2),
    QDR(4);

    static final Choices<LinkSpeed> CHOICES = new Choices<>(LinkSpeed.class, "link speed");

    private final int code;

    LinkSpeed(int code) {
        this.code = code;
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
