package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.Map;
import java.util.TreeMap;

/**
 * The static rate codes of PathRecord.Rate (IBA 15.2.5.16, Table "Rate"; extended by the later volumes up to 1200
 * Gb/s) and the link rate of an active port. Codes are not ordered by speed, so comparisons go through Gb/s.
 */
final class Rates {
    /** Rate code by tenths of Gb/s. */
    private static final TreeMap<Integer, Integer> CODES = new TreeMap<>(Map.ofEntries(
            Map.entry(25, 2),
            Map.entry(100, 3),
            Map.entry(300, 4),
            Map.entry(50, 5),
            Map.entry(200, 6),
            Map.entry(400, 7),
            Map.entry(600, 8),
            Map.entry(800, 9),
            Map.entry(1200, 10),
            Map.entry(140, 11),
            Map.entry(560, 12),
            Map.entry(1120, 13),
            Map.entry(1680, 14),
            Map.entry(250, 15),
            Map.entry(1000, 16),
            Map.entry(2000, 17),
            Map.entry(3000, 18),
            Map.entry(280, 19),
            Map.entry(500, 20),
            Map.entry(4000, 21),
            Map.entry(6000, 22),
            Map.entry(8000, 23),
            Map.entry(12000, 24)));

    private Rates() {}

    /** The link rate of a port in tenths of Gb/s: lanes of LinkWidthActive times the lane rate of its speed. */
    static int tenthsOfGbps(PortInfo p) {
        int lanes = switch (p.linkWidthActive()) {
            case PortInfo.LINK_WIDTH_2X -> 2;
            case PortInfo.LINK_WIDTH_4X -> 4;
            case PortInfo.LINK_WIDTH_8X -> 8;
            case PortInfo.LINK_WIDTH_12X -> 12;
            default -> 1;
        };
        boolean extended = (p.capabilityMask() & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0;
        int lane = extended && p.linkSpeedExtActive() != 0
                ? switch (p.linkSpeedExtActive()) {
                    case PortInfo.LINK_SPEED_EXT_EDR -> 250;
                    case PortInfo.LINK_SPEED_EXT_HDR -> 500;
                    case PortInfo.LINK_SPEED_EXT_NDR -> 1000;
                    default -> 140;
                }
                : switch (p.linkSpeedActive()) {
                    case PortInfo.LINK_SPEED_DDR -> 50;
                    case PortInfo.LINK_SPEED_QDR -> 100;
                    default -> 25;
                };
        return lanes * lane;
    }

    /** The code of the fastest listed rate not above {@code tenths} (2.5 Gb/s at least). */
    static int code(int tenths) {
        Map.Entry<Integer, Integer> e = CODES.floorEntry(tenths);
        return e == null ? 2 : e.getValue();
    }

    /** Tenths of Gb/s of a rate code; 0 for a code that names no rate. */
    static int tenths(int code) {
        return CODES.entrySet().stream()
                .filter(e -> e.getValue() == code)
                .mapToInt(Map.Entry::getKey)
                .findFirst()
                .orElse(0);
    }

    /** The next listed rate below {@code tenths}, or 0 when there is none. */
    static int below(int tenths) {
        Integer lower = CODES.lowerKey(tenths);
        return lower == null ? 0 : lower;
    }
}
