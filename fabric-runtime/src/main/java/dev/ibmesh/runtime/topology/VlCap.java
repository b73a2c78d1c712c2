package dev.ibmesh.runtime.topology;

/** PortInfo VLCap: the data VLs a port has. */
public enum VlCap implements Coded {
    VL0(1, "VL0"),
    VL0_1(2, "VL0-1"),
    VL0_3(3, "VL0-3"),
    VL0_7(4, "VL0-7"),
    VL0_14(5, "VL0-14");

    static final Choices<VlCap> CHOICES = new Choices<>(VlCap.class, "VLCap");

    private final int code;
    private final String label;

    VlCap(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /** A label ("VL0-7") or the IBA code (1..5). */
    static VlCap parse(String text) {
        try {
            return CHOICES.ofCode(Integer.parseInt(text.strip())).orElseThrow(NumberFormatException::new);
        } catch (NumberFormatException notACode) {
            try {
                return CHOICES.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + " (or a code 1..5)");
            }
        }
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String label() {
        return label;
    }
}
