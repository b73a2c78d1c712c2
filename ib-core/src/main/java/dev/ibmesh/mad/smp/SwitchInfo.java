package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * SwitchInfo (attribute 0x0012, 20 bytes). AttributeModifier must be 0.
 *
 * <pre>
 *  bytes 0-1 LinearFDBCap | 2-3 RandomFDBCap | 4-5 MulticastFDBCap | 6-7 LinearFDBTop
 *  byte 8 DefaultPort | 9 DefaultMulticastPrimaryPort | 10 DefaultMulticastNotPrimaryPort
 *  byte 11: bits 88-92 LifeTimeValue | 93 PortStateChange | 94-95 OptimizedSLtoVLMappingProgramming
 *  bytes 12-13 LIDsPerPort | 14-15 PartitionEnforcementCap
 *  byte 16: bit 128 InboundEnforcementCap | 129 OutboundEnforcementCap | 130 FilterRawInboundCap
 *           | 131 FilterRawOutboundCap | 132 EnhancedPort0 | bits 133-143 reserved
 *  bytes 18-19 MulticastFDBTop (advertised by PortInfo CapabilityMask bit 30)
 * </pre>
 */
public record SwitchInfo(
        int linearFdbCap,
        int randomFdbCap,
        int multicastFdbCap,
        int linearFdbTop,
        int defaultPort,
        int defaultMulticastPrimaryPort,
        int defaultMulticastNotPrimaryPort,
        int lifeTimeValue,
        boolean portStateChange,
        int optimizedSlToVlMappingProgramming,
        int lidsPerPort,
        int partitionEnforcementCap,
        boolean inboundEnforcementCap,
        boolean outboundEnforcementCap,
        boolean filterRawInboundCap,
        boolean filterRawOutboundCap,
        boolean enhancedPort0,
        int reserved133,
        int multicastFdbTop)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0012;
    public static final int SIZE = 20;
    /** LifeTimeValue that disables the switch lifetime limit (opensm). */
    public static final int LIFE_TIME_DISABLED = 0x14;

    public SwitchInfo {
        Bits.checkRange("LinearFDBCap", linearFdbCap, 16);
        Bits.checkRange("RandomFDBCap", randomFdbCap, 16);
        Bits.checkRange("MulticastFDBCap", multicastFdbCap, 16);
        Bits.checkRange("LinearFDBTop", linearFdbTop, 16);
        Bits.checkRange("DefaultPort", defaultPort, 8);
        Bits.checkRange("DefaultMulticastPrimaryPort", defaultMulticastPrimaryPort, 8);
        Bits.checkRange("DefaultMulticastNotPrimaryPort", defaultMulticastNotPrimaryPort, 8);
        Bits.checkRange("LifeTimeValue", lifeTimeValue, 5);
        Bits.checkRange("OptimizedSLtoVLMappingProgramming", optimizedSlToVlMappingProgramming, 2);
        Bits.checkRange("LIDsPerPort", lidsPerPort, 16);
        Bits.checkRange("PartitionEnforcementCap", partitionEnforcementCap, 16);
        Bits.checkRange("reserved133", reserved133, 11);
        Bits.checkRange("MulticastFDBTop", multicastFdbTop, 16);
    }

    public static SwitchInfo decode(byte[] b, int off) {
        return new SwitchInfo(
                Bits.u16(b, off),
                Bits.u16(b, off + 2),
                Bits.u16(b, off + 4),
                Bits.u16(b, off + 6),
                Bits.u8(b, off + 8),
                Bits.u8(b, off + 9),
                Bits.u8(b, off + 10),
                Bits.getInt(b, off, 88, 5),
                SmpCodec.flag(b, off, 93),
                Bits.getInt(b, off, 94, 2),
                Bits.u16(b, off + 12),
                Bits.u16(b, off + 14),
                SmpCodec.flag(b, off, 128),
                SmpCodec.flag(b, off, 129),
                SmpCodec.flag(b, off, 130),
                SmpCodec.flag(b, off, 131),
                SmpCodec.flag(b, off, 132),
                Bits.getInt(b, off, 133, 11),
                Bits.u16(b, off + 18));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put16(b, off, linearFdbCap);
        Bits.put16(b, off + 2, randomFdbCap);
        Bits.put16(b, off + 4, multicastFdbCap);
        Bits.put16(b, off + 6, linearFdbTop);
        Bits.put8(b, off + 8, defaultPort);
        Bits.put8(b, off + 9, defaultMulticastPrimaryPort);
        Bits.put8(b, off + 10, defaultMulticastNotPrimaryPort);
        Bits.put(b, off, 88, 5, lifeTimeValue);
        SmpCodec.putFlag(b, off, 93, portStateChange);
        Bits.put(b, off, 94, 2, optimizedSlToVlMappingProgramming);
        Bits.put16(b, off + 12, lidsPerPort);
        Bits.put16(b, off + 14, partitionEnforcementCap);
        SmpCodec.putFlag(b, off, 128, inboundEnforcementCap);
        SmpCodec.putFlag(b, off, 129, outboundEnforcementCap);
        SmpCodec.putFlag(b, off, 130, filterRawInboundCap);
        SmpCodec.putFlag(b, off, 131, filterRawOutboundCap);
        SmpCodec.putFlag(b, off, 132, enhancedPort0);
        Bits.put(b, off, 133, 11, reserved133);
        Bits.put16(b, off + 18, multicastFdbTop);
    }

    /** This SwitchInfo with another LinearFDBTop (what an SM changes as it routes LIDs). */
    public SwitchInfo withLinearFdbTop(int top) {
        return with(top, portStateChange);
    }

    /**
     * This SwitchInfo as a SubnSet that clears PortStateChange: the bit is cleared by writing 1 (IBA 14.2.5.4), so an
     * SM that has seen the changes writes it back set.
     */
    public SwitchInfo clearingPortStateChange() {
        return with(linearFdbTop, true);
    }

    private SwitchInfo with(int top, boolean stateChange) {
        return new SwitchInfo(
                linearFdbCap,
                randomFdbCap,
                multicastFdbCap,
                top,
                defaultPort,
                defaultMulticastPrimaryPort,
                defaultMulticastNotPrimaryPort,
                lifeTimeValue,
                stateChange,
                optimizedSlToVlMappingProgramming,
                lidsPerPort,
                partitionEnforcementCap,
                inboundEnforcementCap,
                outboundEnforcementCap,
                filterRawInboundCap,
                filterRawOutboundCap,
                enhancedPort0,
                reserved133,
                multicastFdbTop);
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
