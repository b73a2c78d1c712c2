package dev.ibmesh.mad.pma;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * PMA PortCountersExtended (attribute 0x001D, 184 bytes at PMA data byte 0). All counters are 64 bits.
 *
 * <pre>
 *  byte 0 reserved0 | 1 PortSelect | 2-3 CounterSelect | 4-7 CounterSelect2 (reserved in IBA 1.2)
 *  8 PortXmitData | 16 PortRcvData | 24 PortXmitPkts | 32 PortRcvPkts
 *  40 PortUnicastXmitPkts | 48 PortUnicastRcvPkts | 56 PortMulticastXmitPkts | 64 PortMulticastRcvPkts
 *  -- IBA 1.2 ends at byte 72; later specs append 64-bit copies of the PortCounters error counters
 *     (ClassPortInfo CapabilityMask2 IsAdditionalPortCountersExtendedSupported); zero when unsupported:
 *  72 SymbolErrorCounter | 80 LinkErrorRecoveryCounter | 88 LinkDownedCounter | 96 PortRcvErrors
 *  104 PortRcvRemotePhysicalErrors | 112 PortRcvSwitchRelayErrors | 120 PortXmitDiscards
 *  128 PortXmitConstraintErrors | 136 PortRcvConstraintErrors | 144 LocalLinkIntegrityErrors
 *  152 ExcessiveBufferOverrunErrors | 160 VL15Dropped | 168 PortXmitWait | 176 QP1Dropped
 * </pre>
 *
 * Sources: rdma-core {@code libibmad/fields.c} (IB_PC_EXT_* and IB_PC_EXT_ERR_* fields) and
 * {@code ib_port_counters_ext_t}; Linux {@code ib_pma.h} IB_PMA_SELX_* CounterSelect bits.
 */
public record PortCountersExtended(
        int reserved0,
        int portSelect,
        int counterSelect,
        long counterSelect2,
        long portXmitData,
        long portRcvData,
        long portXmitPkts,
        long portRcvPkts,
        long portUnicastXmitPkts,
        long portUnicastRcvPkts,
        long portMulticastXmitPkts,
        long portMulticastRcvPkts,
        long symbolErrorCounter,
        long linkErrorRecoveryCounter,
        long linkDownedCounter,
        long portRcvErrors,
        long portRcvRemotePhysicalErrors,
        long portRcvSwitchRelayErrors,
        long portXmitDiscards,
        long portXmitConstraintErrors,
        long portRcvConstraintErrors,
        long localLinkIntegrityErrors,
        long excessiveBufferOverrunErrors,
        long vl15Dropped,
        long portXmitWait,
        long qp1Dropped)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x001D;
    public static final int SIZE = 184;
    /** Size of the IBA 1.2 layout (through PortMulticastRcvPkts). */
    public static final int BASE_SIZE = 72;

    /** CounterSelect bits (Linux IB_PMA_SELX_*). */
    public static final int SELECT_PORT_XMIT_DATA = 1 << 0;

    public static final int SELECT_PORT_RCV_DATA = 1 << 1;
    public static final int SELECT_PORT_XMIT_PKTS = 1 << 2;
    public static final int SELECT_PORT_RCV_PKTS = 1 << 3;
    public static final int SELECT_PORT_UNICAST_XMIT_PKTS = 1 << 4;
    public static final int SELECT_PORT_UNICAST_RCV_PKTS = 1 << 5;
    public static final int SELECT_PORT_MULTICAST_XMIT_PKTS = 1 << 6;
    public static final int SELECT_PORT_MULTICAST_RCV_PKTS = 1 << 7;

    public PortCountersExtended {
        Bits.checkRange("reserved0", reserved0, 8);
        Bits.checkRange("PortSelect", portSelect, 8);
        Bits.checkRange("CounterSelect", counterSelect, 16);
        Bits.checkRange("CounterSelect2", counterSelect2, 32);
    }

    public static PortCountersExtended decode(byte[] b, int off) {
        long[] c = new long[22];
        for (int i = 0; i < c.length; i++) {
            c[i] = Bits.u64(b, off + 8 + 8 * i);
        }
        return new PortCountersExtended(
                Bits.u8(b, off),
                Bits.u8(b, off + 1),
                Bits.u16(b, off + 2),
                Bits.get(b, off, 32, 32),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                c[5],
                c[6],
                c[7],
                c[8],
                c[9],
                c[10],
                c[11],
                c[12],
                c[13],
                c[14],
                c[15],
                c[16],
                c[17],
                c[18],
                c[19],
                c[20],
                c[21]);
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, reserved0);
        Bits.put8(b, off + 1, portSelect);
        Bits.put16(b, off + 2, counterSelect);
        Bits.put32(b, off + 4, (int) counterSelect2);
        long[] c = {
            portXmitData,
            portRcvData,
            portXmitPkts,
            portRcvPkts,
            portUnicastXmitPkts,
            portUnicastRcvPkts,
            portMulticastXmitPkts,
            portMulticastRcvPkts,
            symbolErrorCounter,
            linkErrorRecoveryCounter,
            linkDownedCounter,
            portRcvErrors,
            portRcvRemotePhysicalErrors,
            portRcvSwitchRelayErrors,
            portXmitDiscards,
            portXmitConstraintErrors,
            portRcvConstraintErrors,
            localLinkIntegrityErrors,
            excessiveBufferOverrunErrors,
            vl15Dropped,
            portXmitWait,
            qp1Dropped
        };
        for (int i = 0; i < c.length; i++) {
            Bits.put64(b, off + 8 + 8 * i, c[i]);
        }
    }

    /** The IBA 1.2 counters only (the error counters zero), e.g. for a PMA without the additional counters. */
    public static PortCountersExtended of(
            int portSelect,
            long portXmitData,
            long portRcvData,
            long portXmitPkts,
            long portRcvPkts,
            long portUnicastXmitPkts,
            long portUnicastRcvPkts,
            long portMulticastXmitPkts,
            long portMulticastRcvPkts) {
        return new PortCountersExtended(
                0,
                portSelect,
                0,
                0,
                portXmitData,
                portRcvData,
                portXmitPkts,
                portRcvPkts,
                portUnicastXmitPkts,
                portUnicastRcvPkts,
                portMulticastXmitPkts,
                portMulticastRcvPkts,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
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
