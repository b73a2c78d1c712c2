package dev.ibmesh.wire;

/** The transport service an opcode belongs to: bits 7-5 of the BTH OpCode. */
public enum Transport {
    RC("RC"),
    UC("UC"),
    RD("RD"),
    UD("UD"),
    /** 100: RoCE congestion notification packets. */
    CNP("CNP"),
    /** 101: extended reliable connection. */
    XRC("XRC"),
    /** 110 and 111: manufacturer specific. */
    MANUFACTURER_SPECIFIC("MSP");

    private final String shortName;

    Transport(String shortName) {
        this.shortName = shortName;
    }

    public static Transport of(int opCode) {
        int t = (opCode >>> 5) & 0x7;
        return t >= 6 ? MANUFACTURER_SPECIFIC : values()[t];
    }

    public String shortName() {
        return shortName;
    }
}
