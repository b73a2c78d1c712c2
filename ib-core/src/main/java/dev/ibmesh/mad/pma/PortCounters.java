package dev.ibmesh.mad.pma;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * PMA PortCounters (attribute 0x0012, 44 bytes at PMA data byte 0 = MAD byte 64). AttributeModifier is 0.
 *
 * <pre>
 *  byte 0 reserved0 | 1 PortSelect (0xFF = all ports, if ClassPortInfo AllPortSelect) | 2-3 CounterSelect
 *  4-5   SymbolErrorCounter          | 6 LinkErrorRecoveryCounter | 7 LinkDownedCounter
 *  8-9   PortRcvErrors               | 10-11 PortRcvRemotePhysicalErrors
 *  12-13 PortRcvSwitchRelayErrors    | 14-15 PortXmitDiscards
 *  16    PortXmitConstraintErrors    | 17 PortRcvConstraintErrors
 *  18    CounterSelect2 (reserved in IBA 1.2)
 *  19    LocalLinkIntegrityErrors (bits 152-155) | ExcessiveBufferOverrunErrors (bits 156-159)
 *  20-21 QP1Dropped (reserved in IBA 1.2) | 22-23 VL15Dropped
 *  24-27 PortXmitData | 28-31 PortRcvData | 32-35 PortXmitPkts | 36-39 PortRcvPkts
 *  40-43 PortXmitWait (optional: ClassPortInfo PMA_PORT_XMIT_WAIT)
 * </pre>
 *
 * Counters saturate at all ones (see {@link Counter#max()} and {@link #saturatingAdd}). PortXmitData and PortRcvData
 * count octets divided by 4. Sources: rdma-core {@code libibmad/fields.c} (PortCounters section, QP1Dropped at bit
 * 160) and {@code ib_port_counters_t}; Linux {@code ib_pma.h} CounterSelect bits; vector S7.
 */
public record PortCounters(
        int reserved0,
        int portSelect,
        int counterSelect,
        int symbolErrorCounter,
        int linkErrorRecoveryCounter,
        int linkDownedCounter,
        int portRcvErrors,
        int portRcvRemotePhysicalErrors,
        int portRcvSwitchRelayErrors,
        int portXmitDiscards,
        int portXmitConstraintErrors,
        int portRcvConstraintErrors,
        int counterSelect2,
        int localLinkIntegrityErrors,
        int excessiveBufferOverrunErrors,
        int qp1Dropped,
        int vl15Dropped,
        long portXmitData,
        long portRcvData,
        long portXmitPkts,
        long portRcvPkts,
        long portXmitWait)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0012;
    public static final int SIZE = 44;
    public static final int ALL_PORTS = 0xFF;

    /** CounterSelect bits (a Set clears the selected counters). */
    public static final int SELECT_SYMBOL_ERROR_COUNTER = 1 << 0;

    public static final int SELECT_LINK_ERROR_RECOVERY_COUNTER = 1 << 1;
    public static final int SELECT_LINK_DOWNED_COUNTER = 1 << 2;
    public static final int SELECT_PORT_RCV_ERRORS = 1 << 3;
    public static final int SELECT_PORT_RCV_REMOTE_PHYSICAL_ERRORS = 1 << 4;
    public static final int SELECT_PORT_RCV_SWITCH_RELAY_ERRORS = 1 << 5;
    public static final int SELECT_PORT_XMIT_DISCARDS = 1 << 6;
    public static final int SELECT_PORT_XMIT_CONSTRAINT_ERRORS = 1 << 7;
    public static final int SELECT_PORT_RCV_CONSTRAINT_ERRORS = 1 << 8;
    public static final int SELECT_LOCAL_LINK_INTEGRITY_ERRORS = 1 << 9;
    public static final int SELECT_EXCESSIVE_BUFFER_OVERRUN_ERRORS = 1 << 10;
    public static final int SELECT_VL15_DROPPED = 1 << 11;
    public static final int SELECT_PORT_XMIT_DATA = 1 << 12;
    public static final int SELECT_PORT_RCV_DATA = 1 << 13;
    public static final int SELECT_PORT_XMIT_PKTS = 1 << 14;
    public static final int SELECT_PORT_RCV_PKTS = 1 << 15;
    public static final int SELECT_ALL = 0xFFFF;

    /**
     * The counters, with their spec names, widths and CounterSelect bits. PortXmitWait and QP1Dropped have no
     * CounterSelect bit (they are cleared through CounterSelect2 in later specs, whose bit assignment is not
     * modelled here), so {@link #counterSelectBit()} is 0 for them.
     */
    public enum Counter {
        SYMBOL_ERROR_COUNTER("SymbolErrorCounter", 16, SELECT_SYMBOL_ERROR_COUNTER),
        LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", 8, SELECT_LINK_ERROR_RECOVERY_COUNTER),
        LINK_DOWNED_COUNTER("LinkDownedCounter", 8, SELECT_LINK_DOWNED_COUNTER),
        PORT_RCV_ERRORS("PortRcvErrors", 16, SELECT_PORT_RCV_ERRORS),
        PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", 16, SELECT_PORT_RCV_REMOTE_PHYSICAL_ERRORS),
        PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", 16, SELECT_PORT_RCV_SWITCH_RELAY_ERRORS),
        PORT_XMIT_DISCARDS("PortXmitDiscards", 16, SELECT_PORT_XMIT_DISCARDS),
        PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", 8, SELECT_PORT_XMIT_CONSTRAINT_ERRORS),
        PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", 8, SELECT_PORT_RCV_CONSTRAINT_ERRORS),
        LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", 4, SELECT_LOCAL_LINK_INTEGRITY_ERRORS),
        EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", 4, SELECT_EXCESSIVE_BUFFER_OVERRUN_ERRORS),
        QP1_DROPPED("QP1Dropped", 16, 0),
        VL15_DROPPED("VL15Dropped", 16, SELECT_VL15_DROPPED),
        PORT_XMIT_DATA("PortXmitData", 32, SELECT_PORT_XMIT_DATA),
        PORT_RCV_DATA("PortRcvData", 32, SELECT_PORT_RCV_DATA),
        PORT_XMIT_PKTS("PortXmitPkts", 32, SELECT_PORT_XMIT_PKTS),
        PORT_RCV_PKTS("PortRcvPkts", 32, SELECT_PORT_RCV_PKTS),
        PORT_XMIT_WAIT("PortXmitWait", 32, 0);

        private final String specName;
        private final int width;
        private final int counterSelectBit;

        Counter(String specName, int width, int counterSelectBit) {
            this.specName = specName;
            this.width = width;
            this.counterSelectBit = counterSelectBit;
        }

        public String specName() {
            return specName;
        }

        /** Width of the counter in bits. */
        public int width() {
            return width;
        }

        /** The all-ones value the counter saturates at. */
        public long max() {
            return (1L << width) - 1;
        }

        /** The CounterSelect bit that clears this counter, or 0 if it has none. */
        public int counterSelectBit() {
            return counterSelectBit;
        }
    }

    public PortCounters {
        Bits.checkRange("reserved0", reserved0, 8);
        Bits.checkRange("PortSelect", portSelect, 8);
        Bits.checkRange("CounterSelect", counterSelect, 16);
        Bits.checkRange("SymbolErrorCounter", symbolErrorCounter, 16);
        Bits.checkRange("LinkErrorRecoveryCounter", linkErrorRecoveryCounter, 8);
        Bits.checkRange("LinkDownedCounter", linkDownedCounter, 8);
        Bits.checkRange("PortRcvErrors", portRcvErrors, 16);
        Bits.checkRange("PortRcvRemotePhysicalErrors", portRcvRemotePhysicalErrors, 16);
        Bits.checkRange("PortRcvSwitchRelayErrors", portRcvSwitchRelayErrors, 16);
        Bits.checkRange("PortXmitDiscards", portXmitDiscards, 16);
        Bits.checkRange("PortXmitConstraintErrors", portXmitConstraintErrors, 8);
        Bits.checkRange("PortRcvConstraintErrors", portRcvConstraintErrors, 8);
        Bits.checkRange("CounterSelect2", counterSelect2, 8);
        Bits.checkRange("LocalLinkIntegrityErrors", localLinkIntegrityErrors, 4);
        Bits.checkRange("ExcessiveBufferOverrunErrors", excessiveBufferOverrunErrors, 4);
        Bits.checkRange("QP1Dropped", qp1Dropped, 16);
        Bits.checkRange("VL15Dropped", vl15Dropped, 16);
        Bits.checkRange("PortXmitData", portXmitData, 32);
        Bits.checkRange("PortRcvData", portRcvData, 32);
        Bits.checkRange("PortXmitPkts", portXmitPkts, 32);
        Bits.checkRange("PortRcvPkts", portRcvPkts, 32);
        Bits.checkRange("PortXmitWait", portXmitWait, 32);
    }

    /** All counters zero, for {@code portSelect}. */
    public static PortCounters zero(int portSelect) {
        return new PortCounters(0, portSelect, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static PortCounters decode(byte[] b, int off) {
        return new PortCounters(
                Bits.u8(b, off),
                Bits.u8(b, off + 1),
                Bits.u16(b, off + 2),
                Bits.u16(b, off + 4),
                Bits.u8(b, off + 6),
                Bits.u8(b, off + 7),
                Bits.u16(b, off + 8),
                Bits.u16(b, off + 10),
                Bits.u16(b, off + 12),
                Bits.u16(b, off + 14),
                Bits.u8(b, off + 16),
                Bits.u8(b, off + 17),
                Bits.u8(b, off + 18),
                Bits.getInt(b, off, 152, 4),
                Bits.getInt(b, off, 156, 4),
                Bits.u16(b, off + 20),
                Bits.u16(b, off + 22),
                Bits.get(b, off, 192, 32),
                Bits.get(b, off, 224, 32),
                Bits.get(b, off, 256, 32),
                Bits.get(b, off, 288, 32),
                Bits.get(b, off, 320, 32));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, reserved0);
        Bits.put8(b, off + 1, portSelect);
        Bits.put16(b, off + 2, counterSelect);
        Bits.put16(b, off + 4, symbolErrorCounter);
        Bits.put8(b, off + 6, linkErrorRecoveryCounter);
        Bits.put8(b, off + 7, linkDownedCounter);
        Bits.put16(b, off + 8, portRcvErrors);
        Bits.put16(b, off + 10, portRcvRemotePhysicalErrors);
        Bits.put16(b, off + 12, portRcvSwitchRelayErrors);
        Bits.put16(b, off + 14, portXmitDiscards);
        Bits.put8(b, off + 16, portXmitConstraintErrors);
        Bits.put8(b, off + 17, portRcvConstraintErrors);
        Bits.put8(b, off + 18, counterSelect2);
        Bits.put(b, off, 152, 4, localLinkIntegrityErrors);
        Bits.put(b, off, 156, 4, excessiveBufferOverrunErrors);
        Bits.put16(b, off + 20, qp1Dropped);
        Bits.put16(b, off + 22, vl15Dropped);
        Bits.put32(b, off + 24, (int) portXmitData);
        Bits.put32(b, off + 28, (int) portRcvData);
        Bits.put32(b, off + 32, (int) portXmitPkts);
        Bits.put32(b, off + 36, (int) portRcvPkts);
        Bits.put32(b, off + 40, (int) portXmitWait);
    }

    /** The width in bits of {@code counter}; a counter saturates at {@code (1 << width) - 1}. */
    public static int width(Counter counter) {
        return counter.width();
    }

    public long get(Counter counter) {
        return switch (counter) {
            case SYMBOL_ERROR_COUNTER -> symbolErrorCounter;
            case LINK_ERROR_RECOVERY_COUNTER -> linkErrorRecoveryCounter;
            case LINK_DOWNED_COUNTER -> linkDownedCounter;
            case PORT_RCV_ERRORS -> portRcvErrors;
            case PORT_RCV_REMOTE_PHYSICAL_ERRORS -> portRcvRemotePhysicalErrors;
            case PORT_RCV_SWITCH_RELAY_ERRORS -> portRcvSwitchRelayErrors;
            case PORT_XMIT_DISCARDS -> portXmitDiscards;
            case PORT_XMIT_CONSTRAINT_ERRORS -> portXmitConstraintErrors;
            case PORT_RCV_CONSTRAINT_ERRORS -> portRcvConstraintErrors;
            case LOCAL_LINK_INTEGRITY_ERRORS -> localLinkIntegrityErrors;
            case EXCESSIVE_BUFFER_OVERRUN_ERRORS -> excessiveBufferOverrunErrors;
            case QP1_DROPPED -> qp1Dropped;
            case VL15_DROPPED -> vl15Dropped;
            case PORT_XMIT_DATA -> portXmitData;
            case PORT_RCV_DATA -> portRcvData;
            case PORT_XMIT_PKTS -> portXmitPkts;
            case PORT_RCV_PKTS -> portRcvPkts;
            case PORT_XMIT_WAIT -> portXmitWait;
        };
    }

    /** A copy with {@code counter} set to {@code value}, which must fit the counter's width. */
    public PortCounters with(Counter counter, long value) {
        Bits.checkRange(counter.specName(), value, counter.width());
        long[] v = new long[Counter.values().length];
        for (Counter c : Counter.values()) {
            v[c.ordinal()] = c == counter ? value : get(c);
        }
        return fromValues(v);
    }

    /** A copy with {@code delta} (non-negative) added to {@code counter}, stopping at the counter's all-ones value. */
    public PortCounters saturatingAdd(Counter counter, long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("delta must not be negative, was " + delta);
        }
        long cur = get(counter);
        long max = counter.max();
        return with(counter, delta >= max - cur ? max : cur + delta);
    }

    /** A copy with the counters selected by {@code select} (CounterSelect bits) set to zero. */
    public PortCounters cleared(int select) {
        long[] v = new long[Counter.values().length];
        for (Counter c : Counter.values()) {
            v[c.ordinal()] = (c.counterSelectBit() & select) != 0 ? 0 : get(c);
        }
        return fromValues(v);
    }

    private PortCounters fromValues(long[] v) {
        return new PortCounters(
                reserved0,
                portSelect,
                counterSelect,
                (int) v[0],
                (int) v[1],
                (int) v[2],
                (int) v[3],
                (int) v[4],
                (int) v[5],
                (int) v[6],
                (int) v[7],
                (int) v[8],
                counterSelect2,
                (int) v[9],
                (int) v[10],
                (int) v[11],
                (int) v[12],
                v[13],
                v[14],
                v[15],
                v[16],
                v[17]);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }
}
