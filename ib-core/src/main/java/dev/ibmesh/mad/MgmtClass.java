package dev.ibmesh.mad;

import java.util.HashMap;
import java.util.Map;

/**
 * A MAD management class (common MAD header byte 1). An open enum: {@link #valueOf(int)} returns a value for every
 * code 0..255, so unknown classes survive a decode/encode round trip.
 */
public final class MgmtClass {
    private static final MgmtClass[] ALL = new MgmtClass[256];
    private static final Map<Integer, String> NAMES = new HashMap<>();

    public static final MgmtClass SUBN_LID_ROUTED = known(0x01, "SubnMgt");
    public static final MgmtClass SUBN_DIRECTED_ROUTE = known(0x81, "SubnMgtDR");
    public static final MgmtClass SUBN_ADM = known(0x03, "SubnAdm");
    public static final MgmtClass PERF_MGT = known(0x04, "PerfMgt");
    public static final MgmtClass BM = known(0x05, "BM");
    public static final MgmtClass DEV_MGT = known(0x06, "DevMgt");
    public static final MgmtClass CM = known(0x07, "CM");
    public static final MgmtClass SNMP = known(0x08, "SNMP");
    public static final MgmtClass DEV_ADM = known(0x10, "DevAdm");
    public static final MgmtClass BOOT_MGT = known(0x11, "BootMgt");
    public static final MgmtClass BIS = known(0x12, "BIS");
    public static final MgmtClass CONGESTION_MGT = known(0x21, "CongestionMgt");

    static {
        for (int c = 0; c < 256; c++) {
            if (ALL[c] == null) {
                String name = (c >= 0x09 && c <= 0x0F) || (c >= 0x30 && c <= 0x4F)
                        ? String.format("Vendor(0x%02X)", c)
                        : String.format("Class(0x%02X)", c);
                ALL[c] = new MgmtClass(c, name, false);
            }
        }
    }

    private final int code;
    private final String name;
    private final boolean known;

    private MgmtClass(int code, String name, boolean known) {
        this.code = code;
        this.name = name;
        this.known = known;
    }

    private static MgmtClass known(int code, String name) {
        MgmtClass c = new MgmtClass(code, name, true);
        ALL[code] = c;
        NAMES.put(code, name);
        return c;
    }

    public static MgmtClass valueOf(int code) {
        return ALL[code & 0xFF];
    }

    public int code() {
        return code;
    }

    public String name() {
        return name;
    }

    public boolean isKnown() {
        return known;
    }

    /** SMPs (classes 0x01 and 0x81) travel on QP0 and VL15; every other class on QP1. */
    public boolean isSubnetManagement() {
        return code == 0x01 || code == 0x81;
    }

    @Override
    public String toString() {
        return name;
    }
}
