package dev.ibmesh.runtime.topology;

/** PortInfo LinkSpeedExt (FDR, EDR, HDR, NDR): codes of LinkSpeedExtActive, bits of Supported/Enabled. */
public enum LinkSpeedExt implements Coded {
    FDR(1),
    EDR(2),
    HDR(4),
    NDR(8);

    static final Choices<LinkSpeedExt> CHOICES = new Choices<>(LinkSpeedExt.class, "extended link speed");

    private final int code;

    LinkSpeedExt(int code) {
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
