package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.lang.reflect.RecordComponent;
import java.util.Locale;

/**
 * PortInfo (attribute 0x0015, 64 bytes). AttributeModifier = port number (a switch: 0..N; a CA: its port).
 *
 * <pre>
 *  bytes 0-7 M_Key | 8-15 GidPrefix | 16-17 LID | 18-19 MasterSMLID | 20-23 CapabilityMask
 *  24-25 DiagCode | 26-27 M_KeyLeasePeriod | 28 LocalPortNum
 *  29 LinkWidthEnabled | 30 LinkWidthSupported | 31 LinkWidthActive
 *  32: LinkSpeedSupported (7-4) | PortState (3-0)
 *  33: PortPhysicalState (7-4) | LinkDownDefaultState (3-0)
 *  34: M_KeyProtectBits (7-6) | reserved274 (5-3) | LMC (2-0)
 *  35: LinkSpeedActive (7-4) | LinkSpeedEnabled (3-0)
 *  36: NeighborMTU (7-4) | MasterSMSL (3-0)        37: VLCap (7-4) | InitType (3-0)
 *  38 VLHighLimit | 39 VLArbitrationHighCap | 40 VLArbitrationLowCap
 *  41: InitTypeReply (7-4) | MTUCap (3-0)          42: VLStallCount (7-5) | HOQLife (4-0)
 *  43: OperationalVLs (7-4) | PartitionEnforcementInbound (3) | PartitionEnforcementOutbound (2)
 *      | FilterRawInbound (1) | FilterRawOutbound (0)
 *  44-45 M_KeyViolations | 46-47 P_KeyViolations | 48-49 Q_KeyViolations | 50 GUIDCap
 *  51: ClientReregister (7) | MulticastPKeyTrapSuppressionEnabled (6-5) | SubnetTimeOut (4-0)
 *  52: reserved416 (7-5) | RespTimeValue (4-0)    53: LocalPhyErrors (7-4) | OverrunErrors (3-0)
 *  54-55 MaxCreditHint
 *  56: reserved448 (7) | LinkSpeedExtActive2 (6-5) | LinkSpeedExtSupported2 (4-3) | LinkSpeedExtEnabled2 (2-0)
 *  57-59 LinkRoundTripLatency | 60-61 CapabilityMask2
 *  62: LinkSpeedExtActive (7-4) | LinkSpeedExtSupported (3-0)
 *  63: reserved504 (7-5) | LinkSpeedExtEnabled (4-0)
 * </pre>
 *
 * <p>The IBA bit offset and width of every component are in {@code Field}, in component order. One-bit flags
 * are booleans. To change a few fields of a port, use {@link #toBuilder()}.
 */
public record PortInfo(
        long mKey,
        long gidPrefix,
        int lid,
        int masterSmLid,
        int capabilityMask,
        int diagCode,
        int mKeyLeasePeriod,
        int localPortNum,
        int linkWidthEnabled,
        int linkWidthSupported,
        int linkWidthActive,
        int linkSpeedSupported,
        int portState,
        int portPhysicalState,
        int linkDownDefaultState,
        int mKeyProtectBits,
        int reserved274,
        int lmc,
        int linkSpeedActive,
        int linkSpeedEnabled,
        int neighborMtu,
        int masterSmSl,
        int vlCap,
        int initType,
        int vlHighLimit,
        int vlArbitrationHighCap,
        int vlArbitrationLowCap,
        int initTypeReply,
        int mtuCap,
        int vlStallCount,
        int hoqLife,
        int operationalVls,
        boolean partitionEnforcementInbound,
        boolean partitionEnforcementOutbound,
        boolean filterRawInbound,
        boolean filterRawOutbound,
        int mKeyViolations,
        int pKeyViolations,
        int qKeyViolations,
        int guidCap,
        boolean clientReregister,
        int multicastPKeyTrapSuppressionEnabled,
        int subnetTimeOut,
        int reserved416,
        int respTimeValue,
        int localPhyErrors,
        int overrunErrors,
        int maxCreditHint,
        int reserved448,
        int linkSpeedExtActive2,
        int linkSpeedExtSupported2,
        int linkSpeedExtEnabled2,
        int linkRoundTripLatency,
        int capabilityMask2,
        int linkSpeedExtActive,
        int linkSpeedExtSupported,
        int reserved504,
        int linkSpeedExtEnabled)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0015;
    public static final int SIZE = 64;

    // PortState
    public static final int PORT_STATE_NO_CHANGE = 0;
    public static final int PORT_STATE_DOWN = 1;
    public static final int PORT_STATE_INIT = 2;
    public static final int PORT_STATE_ARMED = 3;
    public static final int PORT_STATE_ACTIVE = 4;
    public static final int PORT_STATE_ACT_DEFER = 5;

    // PortPhysicalState; LinkDownDefaultState uses NO_CHANGE, SLEEP and POLLING
    public static final int PHYS_STATE_NO_CHANGE = 0;
    public static final int PHYS_STATE_SLEEP = 1;
    public static final int PHYS_STATE_POLLING = 2;
    public static final int PHYS_STATE_DISABLED = 3;
    public static final int PHYS_STATE_PORT_CONFIGURATION_TRAINING = 4;
    public static final int PHYS_STATE_LINK_UP = 5;
    public static final int PHYS_STATE_LINK_ERROR_RECOVERY = 6;
    public static final int PHYS_STATE_PHY_TEST = 7;

    // LinkWidthActive codes; LinkWidthSupported/Enabled are masks of them
    public static final int LINK_WIDTH_1X = 1;
    public static final int LINK_WIDTH_4X = 2;
    public static final int LINK_WIDTH_8X = 4;
    public static final int LINK_WIDTH_12X = 8;
    public static final int LINK_WIDTH_2X = 16;
    /** LinkWidthEnabled: set to LinkWidthSupported. */
    public static final int LINK_WIDTH_SET_TO_SUPPORTED = 255;

    // LinkSpeedActive codes; LinkSpeedSupported/Enabled are masks of them
    /** LinkSpeedActive 0: the speed is in LinkSpeedExtActive. */
    public static final int LINK_SPEED_EXTENDED = 0;

    public static final int LINK_SPEED_SDR = 1;
    public static final int LINK_SPEED_DDR = 2;
    public static final int LINK_SPEED_QDR = 4;
    /** LinkSpeedEnabled: set to LinkSpeedSupported. */
    public static final int LINK_SPEED_SET_TO_SUPPORTED = 15;

    // LinkSpeedExtActive codes; LinkSpeedExtSupported/Enabled are masks of them
    public static final int LINK_SPEED_EXT_NONE = 0;
    public static final int LINK_SPEED_EXT_FDR = 1;
    public static final int LINK_SPEED_EXT_EDR = 2;
    public static final int LINK_SPEED_EXT_HDR = 4;
    public static final int LINK_SPEED_EXT_NDR = 8;
    /** LinkSpeedExtEnabled: disable the extended speeds. */
    public static final int LINK_SPEED_EXT_DISABLE = 30;
    /** LinkSpeedExtEnabled: set to LinkSpeedExtSupported. */
    public static final int LINK_SPEED_EXT_SET_TO_SUPPORTED = 31;
    /** LinkSpeedExtActive2 (and bit 0 of the Supported2/Enabled2 masks): XDR, 212.5 Gb/s per lane. */
    public static final int LINK_SPEED_EXT2_XDR = 1;

    // MTU codes (NeighborMTU, MTUCap)
    public static final int MTU_256 = 1;
    public static final int MTU_512 = 2;
    public static final int MTU_1024 = 3;
    public static final int MTU_2048 = 4;
    public static final int MTU_4096 = 5;

    // CapabilityMask bits (bit n = 1 << n of the 32-bit field); bit 0 is reserved
    public static final int CAP_IS_SM = 1 << 1;
    public static final int CAP_IS_NOTICE_SUPPORTED = 1 << 2;
    public static final int CAP_IS_TRAP_SUPPORTED = 1 << 3;
    public static final int CAP_IS_OPTIONAL_IPD_SUPPORTED = 1 << 4;
    public static final int CAP_IS_AUTOMATIC_MIGRATION_SUPPORTED = 1 << 5;
    public static final int CAP_IS_SL_MAPPING_SUPPORTED = 1 << 6;
    public static final int CAP_IS_M_KEY_NVRAM = 1 << 7;
    public static final int CAP_IS_P_KEY_NVRAM = 1 << 8;
    public static final int CAP_IS_LED_INFO_SUPPORTED = 1 << 9;
    public static final int CAP_IS_SM_DISABLED = 1 << 10;
    public static final int CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED = 1 << 11;
    public static final int CAP_IS_P_KEY_SWITCH_EXTERNAL_PORT_TRAP_SUPPORTED = 1 << 12;
    public static final int CAP_IS_CABLE_INFO_SUPPORTED = 1 << 13;
    public static final int CAP_IS_EXTENDED_SPEEDS_SUPPORTED = 1 << 14;
    public static final int CAP_IS_CAPABILITY_MASK2_SUPPORTED = 1 << 15;
    public static final int CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED = 1 << 16;
    public static final int CAP_IS_SNMP_TUNNELING_SUPPORTED = 1 << 17;
    public static final int CAP_IS_REINIT_SUPPORTED = 1 << 18;
    public static final int CAP_IS_DEVICE_MANAGEMENT_SUPPORTED = 1 << 19;
    public static final int CAP_IS_VENDOR_CLASS_SUPPORTED = 1 << 20;
    public static final int CAP_IS_DR_NOTICE_SUPPORTED = 1 << 21;
    public static final int CAP_IS_CAPABILITY_MASK_NOTICE_SUPPORTED = 1 << 22;
    public static final int CAP_IS_BOOT_MANAGEMENT_SUPPORTED = 1 << 23;
    public static final int CAP_IS_LINK_ROUND_TRIP_LATENCY_SUPPORTED = 1 << 24;
    public static final int CAP_IS_CLIENT_REREGISTRATION_SUPPORTED = 1 << 25;
    public static final int CAP_IS_OTHER_LOCAL_CHANGES_NOTICE_SUPPORTED = 1 << 26;
    public static final int CAP_IS_LINK_SPEED_WIDTH_PAIRS_TABLE_SUPPORTED = 1 << 27;
    public static final int CAP_IS_VENDOR_SPECIFIC_MADS_TABLE_SUPPORTED = 1 << 28;
    public static final int CAP_IS_MCAST_PKEY_TRAP_SUPPRESSION_SUPPORTED = 1 << 29;
    public static final int CAP_IS_MULTICAST_FDB_TOP_SUPPORTED = 1 << 30;
    public static final int CAP_IS_HIERARCHY_INFO_SUPPORTED = 1 << 31;

    // CapabilityMask2 bits
    public static final int CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED = 1 << 0;
    public static final int CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED = 1 << 1;
    public static final int CAP2_IS_VIRTUALIZATION_SUPPORTED = 1 << 2;
    public static final int CAP2_IS_SWITCH_PORT_STATE_TABLE_SUPPORTED = 1 << 3;
    public static final int CAP2_IS_LINK_WIDTH_2X_SUPPORTED = 1 << 4;
    public static final int CAP2_IS_LINK_SPEED_HDR_SUPPORTED = 1 << 5;
    public static final int CAP2_IS_M_KEY_PROTECT_BITS_EXT_SUPPORTED = 1 << 6;
    public static final int CAP2_IS_ENHANCED_TRAP128_SUPPORTED = 1 << 7;
    public static final int CAP2_IS_PARTITION_TOP_SUPPORTED = 1 << 8;
    public static final int CAP2_IS_ENHANCED_QOS_ARBITER_SUPPORTED = 1 << 9;
    public static final int CAP2_IS_LINK_SPEED_NDR_SUPPORTED = 1 << 10;

    /**
     * The layout: spec name, IBA bit offset and width of each component, in component order; each constant is its
     * component's name in upper snake case. Encoding and the builder work from this table alone, and decoding reads
     * each component from its constant ({@link #decode} lists them in component order); the class checks when it
     * loads that it covers the 64 bytes without gaps and matches the record's components, each with its builder
     * setter.
     */
    private enum Field {
        M_KEY("M_Key", 0, 64),
        GID_PREFIX("GidPrefix", 64, 64),
        LID("LID", 128, 16),
        MASTER_SM_LID("MasterSMLID", 144, 16),
        CAPABILITY_MASK("CapabilityMask", 160, 32),
        DIAG_CODE("DiagCode", 192, 16),
        M_KEY_LEASE_PERIOD("M_KeyLeasePeriod", 208, 16),
        LOCAL_PORT_NUM("LocalPortNum", 224, 8),
        LINK_WIDTH_ENABLED("LinkWidthEnabled", 232, 8),
        LINK_WIDTH_SUPPORTED("LinkWidthSupported", 240, 8),
        LINK_WIDTH_ACTIVE("LinkWidthActive", 248, 8),
        LINK_SPEED_SUPPORTED("LinkSpeedSupported", 256, 4),
        PORT_STATE("PortState", 260, 4),
        PORT_PHYSICAL_STATE("PortPhysicalState", 264, 4),
        LINK_DOWN_DEFAULT_STATE("LinkDownDefaultState", 268, 4),
        M_KEY_PROTECT_BITS("M_KeyProtectBits", 272, 2),
        RESERVED274("reserved274", 274, 3),
        LMC("LMC", 277, 3),
        LINK_SPEED_ACTIVE("LinkSpeedActive", 280, 4),
        LINK_SPEED_ENABLED("LinkSpeedEnabled", 284, 4),
        NEIGHBOR_MTU("NeighborMTU", 288, 4),
        MASTER_SM_SL("MasterSMSL", 292, 4),
        VL_CAP("VLCap", 296, 4),
        INIT_TYPE("InitType", 300, 4),
        VL_HIGH_LIMIT("VLHighLimit", 304, 8),
        VL_ARBITRATION_HIGH_CAP("VLArbitrationHighCap", 312, 8),
        VL_ARBITRATION_LOW_CAP("VLArbitrationLowCap", 320, 8),
        INIT_TYPE_REPLY("InitTypeReply", 328, 4),
        MTU_CAP("MTUCap", 332, 4),
        VL_STALL_COUNT("VLStallCount", 336, 3),
        HOQ_LIFE("HOQLife", 339, 5),
        OPERATIONAL_VLS("OperationalVLs", 344, 4),
        PARTITION_ENFORCEMENT_INBOUND("PartitionEnforcementInbound", 348, 1),
        PARTITION_ENFORCEMENT_OUTBOUND("PartitionEnforcementOutbound", 349, 1),
        FILTER_RAW_INBOUND("FilterRawInbound", 350, 1),
        FILTER_RAW_OUTBOUND("FilterRawOutbound", 351, 1),
        M_KEY_VIOLATIONS("M_KeyViolations", 352, 16),
        P_KEY_VIOLATIONS("P_KeyViolations", 368, 16),
        Q_KEY_VIOLATIONS("Q_KeyViolations", 384, 16),
        GUID_CAP("GUIDCap", 400, 8),
        CLIENT_REREGISTER("ClientReregister", 408, 1),
        MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED("MulticastPKeyTrapSuppressionEnabled", 409, 2),
        SUBNET_TIME_OUT("SubnetTimeOut", 411, 5),
        RESERVED416("reserved416", 416, 3),
        RESP_TIME_VALUE("RespTimeValue", 419, 5),
        LOCAL_PHY_ERRORS("LocalPhyErrors", 424, 4),
        OVERRUN_ERRORS("OverrunErrors", 428, 4),
        MAX_CREDIT_HINT("MaxCreditHint", 432, 16),
        RESERVED448("reserved448", 448, 1),
        LINK_SPEED_EXT_ACTIVE2("LinkSpeedExtActive2", 449, 2),
        LINK_SPEED_EXT_SUPPORTED2("LinkSpeedExtSupported2", 451, 2),
        LINK_SPEED_EXT_ENABLED2("LinkSpeedExtEnabled2", 453, 3),
        LINK_ROUND_TRIP_LATENCY("LinkRoundTripLatency", 456, 24),
        CAPABILITY_MASK2("CapabilityMask2", 480, 16),
        LINK_SPEED_EXT_ACTIVE("LinkSpeedExtActive", 496, 4),
        LINK_SPEED_EXT_SUPPORTED("LinkSpeedExtSupported", 500, 4),
        RESERVED504("reserved504", 504, 3),
        LINK_SPEED_EXT_ENABLED("LinkSpeedExtEnabled", 507, 5);

        final String specName;
        final int bit;
        final int width;

        Field(String specName, int bit, int width) {
            this.specName = specName;
            this.bit = bit;
            this.width = width;
        }

        long get(byte[] b, int off) {
            return Bits.get(b, off, bit, width);
        }

        /** Range check for fields narrower than 32 bits (wider ones accept every value of their Java type). */
        long check(long value) {
            if (width < 32) {
                Bits.checkRange(specName, value, width);
            }
            return value;
        }

        /** Writes {@code value}, an int sign-extended or a flag as 0/1: only its low {@code width} bits count. */
        void put(byte[] b, int off, long value) {
            Bits.put(b, off, bit, width, value);
        }
    }

    private static final Field[] FIELDS = Field.values();

    static {
        RecordComponent[] components = PortInfo.class.getRecordComponents();
        if (components.length != FIELDS.length) {
            throw new AssertionError("PortInfo has " + components.length + " components, Field " + FIELDS.length);
        }
        int next = 0;
        for (Field f : FIELDS) {
            checkComponent(f, components[f.ordinal()], next);
            next += f.width;
        }
        if (next != SIZE * 8) {
            throw new AssertionError("PortInfo layout covers " + next + " bits");
        }
    }

    /** Field {@code f} must start where the previous one ended and describe component {@code c}. */
    private static void checkComponent(Field f, RecordComponent c, int expectedBit) {
        if (f.bit != expectedBit) {
            throw new AssertionError("PortInfo layout gap or overlap at " + f);
        }
        String upperSnake = c.getName().replaceAll("([A-Z])", "_$1").toUpperCase(Locale.ROOT);
        if (!f.name().equals(upperSnake)) {
            throw new AssertionError("PortInfo component " + c.getName() + " is described by Field " + f);
        }
        Class<?> t = c.getType();
        boolean fits = t == long.class || (t == int.class && f.width <= 32) || (t == boolean.class && f.width == 1);
        if (!fits) {
            throw new AssertionError(
                    "PortInfo component " + c.getName() + " (" + t + ") cannot hold " + f.width + " bits");
        }
        try {
            Builder.class.getMethod(c.getName(), t);
        } catch (NoSuchMethodException e) {
            throw new AssertionError("PortInfo.Builder has no setter for " + c.getName(), e);
        }
    }

    public PortInfo {
        Field.LID.check(lid);
        Field.MASTER_SM_LID.check(masterSmLid);
        Field.DIAG_CODE.check(diagCode);
        Field.M_KEY_LEASE_PERIOD.check(mKeyLeasePeriod);
        Field.LOCAL_PORT_NUM.check(localPortNum);
        Field.LINK_WIDTH_ENABLED.check(linkWidthEnabled);
        Field.LINK_WIDTH_SUPPORTED.check(linkWidthSupported);
        Field.LINK_WIDTH_ACTIVE.check(linkWidthActive);
        Field.LINK_SPEED_SUPPORTED.check(linkSpeedSupported);
        Field.PORT_STATE.check(portState);
        Field.PORT_PHYSICAL_STATE.check(portPhysicalState);
        Field.LINK_DOWN_DEFAULT_STATE.check(linkDownDefaultState);
        Field.M_KEY_PROTECT_BITS.check(mKeyProtectBits);
        Field.RESERVED274.check(reserved274);
        Field.LMC.check(lmc);
        Field.LINK_SPEED_ACTIVE.check(linkSpeedActive);
        Field.LINK_SPEED_ENABLED.check(linkSpeedEnabled);
        Field.NEIGHBOR_MTU.check(neighborMtu);
        Field.MASTER_SM_SL.check(masterSmSl);
        Field.VL_CAP.check(vlCap);
        Field.INIT_TYPE.check(initType);
        Field.VL_HIGH_LIMIT.check(vlHighLimit);
        Field.VL_ARBITRATION_HIGH_CAP.check(vlArbitrationHighCap);
        Field.VL_ARBITRATION_LOW_CAP.check(vlArbitrationLowCap);
        Field.INIT_TYPE_REPLY.check(initTypeReply);
        Field.MTU_CAP.check(mtuCap);
        Field.VL_STALL_COUNT.check(vlStallCount);
        Field.HOQ_LIFE.check(hoqLife);
        Field.OPERATIONAL_VLS.check(operationalVls);
        Field.M_KEY_VIOLATIONS.check(mKeyViolations);
        Field.P_KEY_VIOLATIONS.check(pKeyViolations);
        Field.Q_KEY_VIOLATIONS.check(qKeyViolations);
        Field.GUID_CAP.check(guidCap);
        Field.MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED.check(multicastPKeyTrapSuppressionEnabled);
        Field.SUBNET_TIME_OUT.check(subnetTimeOut);
        Field.RESERVED416.check(reserved416);
        Field.RESP_TIME_VALUE.check(respTimeValue);
        Field.LOCAL_PHY_ERRORS.check(localPhyErrors);
        Field.OVERRUN_ERRORS.check(overrunErrors);
        Field.MAX_CREDIT_HINT.check(maxCreditHint);
        Field.RESERVED448.check(reserved448);
        Field.LINK_SPEED_EXT_ACTIVE2.check(linkSpeedExtActive2);
        Field.LINK_SPEED_EXT_SUPPORTED2.check(linkSpeedExtSupported2);
        Field.LINK_SPEED_EXT_ENABLED2.check(linkSpeedExtEnabled2);
        Field.LINK_ROUND_TRIP_LATENCY.check(linkRoundTripLatency);
        Field.CAPABILITY_MASK2.check(capabilityMask2);
        Field.LINK_SPEED_EXT_ACTIVE.check(linkSpeedExtActive);
        Field.LINK_SPEED_EXT_SUPPORTED.check(linkSpeedExtSupported);
        Field.RESERVED504.check(reserved504);
        Field.LINK_SPEED_EXT_ENABLED.check(linkSpeedExtEnabled);
    }

    /**
     * Decodes the 64 bytes at {@code off}, each component read straight from its field. The call to the canonical
     * constructor passes 58 arguments: more than the C2 compiler of JDK 17 to 22 can pass (it gives up with
     * "unsupported calling sequence", JDK-8325467), so every method that inlined this call would stay in C1's slower
     * code, and C2's work on it would be wasted (on a 702-node fabric that was the whole SMP path of every port and
     * switch). This method is far bigger than C2 inlines (325 bytecodes), so callers keep a plain call to it.
     */
    public static PortInfo decode(byte[] b, int off) {
        return new PortInfo(
                Field.M_KEY.get(b, off),
                Field.GID_PREFIX.get(b, off),
                intAt(Field.LID, b, off),
                intAt(Field.MASTER_SM_LID, b, off),
                intAt(Field.CAPABILITY_MASK, b, off),
                intAt(Field.DIAG_CODE, b, off),
                intAt(Field.M_KEY_LEASE_PERIOD, b, off),
                intAt(Field.LOCAL_PORT_NUM, b, off),
                intAt(Field.LINK_WIDTH_ENABLED, b, off),
                intAt(Field.LINK_WIDTH_SUPPORTED, b, off),
                intAt(Field.LINK_WIDTH_ACTIVE, b, off),
                intAt(Field.LINK_SPEED_SUPPORTED, b, off),
                intAt(Field.PORT_STATE, b, off),
                intAt(Field.PORT_PHYSICAL_STATE, b, off),
                intAt(Field.LINK_DOWN_DEFAULT_STATE, b, off),
                intAt(Field.M_KEY_PROTECT_BITS, b, off),
                intAt(Field.RESERVED274, b, off),
                intAt(Field.LMC, b, off),
                intAt(Field.LINK_SPEED_ACTIVE, b, off),
                intAt(Field.LINK_SPEED_ENABLED, b, off),
                intAt(Field.NEIGHBOR_MTU, b, off),
                intAt(Field.MASTER_SM_SL, b, off),
                intAt(Field.VL_CAP, b, off),
                intAt(Field.INIT_TYPE, b, off),
                intAt(Field.VL_HIGH_LIMIT, b, off),
                intAt(Field.VL_ARBITRATION_HIGH_CAP, b, off),
                intAt(Field.VL_ARBITRATION_LOW_CAP, b, off),
                intAt(Field.INIT_TYPE_REPLY, b, off),
                intAt(Field.MTU_CAP, b, off),
                intAt(Field.VL_STALL_COUNT, b, off),
                intAt(Field.HOQ_LIFE, b, off),
                intAt(Field.OPERATIONAL_VLS, b, off),
                flagAt(Field.PARTITION_ENFORCEMENT_INBOUND, b, off),
                flagAt(Field.PARTITION_ENFORCEMENT_OUTBOUND, b, off),
                flagAt(Field.FILTER_RAW_INBOUND, b, off),
                flagAt(Field.FILTER_RAW_OUTBOUND, b, off),
                intAt(Field.M_KEY_VIOLATIONS, b, off),
                intAt(Field.P_KEY_VIOLATIONS, b, off),
                intAt(Field.Q_KEY_VIOLATIONS, b, off),
                intAt(Field.GUID_CAP, b, off),
                flagAt(Field.CLIENT_REREGISTER, b, off),
                intAt(Field.MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED, b, off),
                intAt(Field.SUBNET_TIME_OUT, b, off),
                intAt(Field.RESERVED416, b, off),
                intAt(Field.RESP_TIME_VALUE, b, off),
                intAt(Field.LOCAL_PHY_ERRORS, b, off),
                intAt(Field.OVERRUN_ERRORS, b, off),
                intAt(Field.MAX_CREDIT_HINT, b, off),
                intAt(Field.RESERVED448, b, off),
                intAt(Field.LINK_SPEED_EXT_ACTIVE2, b, off),
                intAt(Field.LINK_SPEED_EXT_SUPPORTED2, b, off),
                intAt(Field.LINK_SPEED_EXT_ENABLED2, b, off),
                intAt(Field.LINK_ROUND_TRIP_LATENCY, b, off),
                intAt(Field.CAPABILITY_MASK2, b, off),
                intAt(Field.LINK_SPEED_EXT_ACTIVE, b, off),
                intAt(Field.LINK_SPEED_EXT_SUPPORTED, b, off),
                intAt(Field.RESERVED504, b, off),
                intAt(Field.LINK_SPEED_EXT_ENABLED, b, off));
    }

    private static int intAt(Field f, byte[] b, int off) {
        return (int) f.get(b, off);
    }

    private static boolean flagAt(Field f, byte[] b, int off) {
        return f.get(b, off) != 0;
    }

    @Override
    public void encode(byte[] b, int off) {
        for (Field f : FIELDS) {
            f.put(b, off, component(f));
        }
    }

    /** Component {@code f} as a long (an int sign-extended, a flag as 0 or 1): a plain switch, on every encode. */
    private long component(Field f) {
        return switch (f) {
            case M_KEY -> mKey;
            case GID_PREFIX -> gidPrefix;
            case LID -> lid;
            case MASTER_SM_LID -> masterSmLid;
            case CAPABILITY_MASK -> capabilityMask;
            case DIAG_CODE -> diagCode;
            case M_KEY_LEASE_PERIOD -> mKeyLeasePeriod;
            case LOCAL_PORT_NUM -> localPortNum;
            case LINK_WIDTH_ENABLED -> linkWidthEnabled;
            case LINK_WIDTH_SUPPORTED -> linkWidthSupported;
            case LINK_WIDTH_ACTIVE -> linkWidthActive;
            case LINK_SPEED_SUPPORTED -> linkSpeedSupported;
            case PORT_STATE -> portState;
            case PORT_PHYSICAL_STATE -> portPhysicalState;
            case LINK_DOWN_DEFAULT_STATE -> linkDownDefaultState;
            case M_KEY_PROTECT_BITS -> mKeyProtectBits;
            case RESERVED274 -> reserved274;
            case LMC -> lmc;
            case LINK_SPEED_ACTIVE -> linkSpeedActive;
            case LINK_SPEED_ENABLED -> linkSpeedEnabled;
            case NEIGHBOR_MTU -> neighborMtu;
            case MASTER_SM_SL -> masterSmSl;
            case VL_CAP -> vlCap;
            case INIT_TYPE -> initType;
            case VL_HIGH_LIMIT -> vlHighLimit;
            case VL_ARBITRATION_HIGH_CAP -> vlArbitrationHighCap;
            case VL_ARBITRATION_LOW_CAP -> vlArbitrationLowCap;
            case INIT_TYPE_REPLY -> initTypeReply;
            case MTU_CAP -> mtuCap;
            case VL_STALL_COUNT -> vlStallCount;
            case HOQ_LIFE -> hoqLife;
            case OPERATIONAL_VLS -> operationalVls;
            case PARTITION_ENFORCEMENT_INBOUND -> partitionEnforcementInbound ? 1 : 0;
            case PARTITION_ENFORCEMENT_OUTBOUND -> partitionEnforcementOutbound ? 1 : 0;
            case FILTER_RAW_INBOUND -> filterRawInbound ? 1 : 0;
            case FILTER_RAW_OUTBOUND -> filterRawOutbound ? 1 : 0;
            case M_KEY_VIOLATIONS -> mKeyViolations;
            case P_KEY_VIOLATIONS -> pKeyViolations;
            case Q_KEY_VIOLATIONS -> qKeyViolations;
            case GUID_CAP -> guidCap;
            case CLIENT_REREGISTER -> clientReregister ? 1 : 0;
            case MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED -> multicastPKeyTrapSuppressionEnabled;
            case SUBNET_TIME_OUT -> subnetTimeOut;
            case RESERVED416 -> reserved416;
            case RESP_TIME_VALUE -> respTimeValue;
            case LOCAL_PHY_ERRORS -> localPhyErrors;
            case OVERRUN_ERRORS -> overrunErrors;
            case MAX_CREDIT_HINT -> maxCreditHint;
            case RESERVED448 -> reserved448;
            case LINK_SPEED_EXT_ACTIVE2 -> linkSpeedExtActive2;
            case LINK_SPEED_EXT_SUPPORTED2 -> linkSpeedExtSupported2;
            case LINK_SPEED_EXT_ENABLED2 -> linkSpeedExtEnabled2;
            case LINK_ROUND_TRIP_LATENCY -> linkRoundTripLatency;
            case CAPABILITY_MASK2 -> capabilityMask2;
            case LINK_SPEED_EXT_ACTIVE -> linkSpeedExtActive;
            case LINK_SPEED_EXT_SUPPORTED -> linkSpeedExtSupported;
            case RESERVED504 -> reserved504;
            case LINK_SPEED_EXT_ENABLED -> linkSpeedExtEnabled;
        };
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    /** Whether every bit of {@code mask} (a {@code CAP_*} constant or an OR of them) is set in CapabilityMask. */
    public boolean hasCapability(int mask) {
        return (capabilityMask & mask) == mask;
    }

    /** Whether every bit of {@code mask} (a {@code CAP2_*} constant or an OR of them) is set in CapabilityMask2. */
    public boolean hasCapability2(int mask) {
        return (capabilityMask2 & mask) == mask;
    }

    /** A builder starting from all-zero bytes. */
    public static Builder builder() {
        return new Builder(new byte[SIZE]);
    }

    /** A builder starting from this PortInfo, to change a few fields. */
    public Builder toBuilder() {
        return new Builder(toBytes());
    }

    /**
     * Changes fields of a PortInfo in its 64-byte encoding. Each setter checks the range (naming the spec
     * field) and writes the field's bits; {@link #build()} decodes the result.
     */
    public static final class Builder {
        private final byte[] bytes;

        private Builder(byte[] bytes) {
            this.bytes = bytes;
        }

        private Builder set(Field f, long value) {
            f.put(bytes, 0, f.check(value));
            return this;
        }

        private Builder set(Field f, boolean value) {
            return set(f, value ? 1 : 0);
        }

        public PortInfo build() {
            return decode(bytes, 0);
        }

        /** The 64 bytes {@link #build()} would decode: for a caller that only sends them on, no record built. */
        public byte[] toBytes() {
            return bytes.clone();
        }

        public Builder mKey(long v) {
            return set(Field.M_KEY, v);
        }

        public Builder gidPrefix(long v) {
            return set(Field.GID_PREFIX, v);
        }

        public Builder lid(int v) {
            return set(Field.LID, v);
        }

        public Builder masterSmLid(int v) {
            return set(Field.MASTER_SM_LID, v);
        }

        public Builder capabilityMask(int v) {
            return set(Field.CAPABILITY_MASK, v & 0xFFFFFFFFL);
        }

        public Builder diagCode(int v) {
            return set(Field.DIAG_CODE, v);
        }

        public Builder mKeyLeasePeriod(int v) {
            return set(Field.M_KEY_LEASE_PERIOD, v);
        }

        public Builder localPortNum(int v) {
            return set(Field.LOCAL_PORT_NUM, v);
        }

        public Builder linkWidthEnabled(int v) {
            return set(Field.LINK_WIDTH_ENABLED, v);
        }

        public Builder linkWidthSupported(int v) {
            return set(Field.LINK_WIDTH_SUPPORTED, v);
        }

        public Builder linkWidthActive(int v) {
            return set(Field.LINK_WIDTH_ACTIVE, v);
        }

        public Builder linkSpeedSupported(int v) {
            return set(Field.LINK_SPEED_SUPPORTED, v);
        }

        public Builder portState(int v) {
            return set(Field.PORT_STATE, v);
        }

        public Builder portPhysicalState(int v) {
            return set(Field.PORT_PHYSICAL_STATE, v);
        }

        public Builder linkDownDefaultState(int v) {
            return set(Field.LINK_DOWN_DEFAULT_STATE, v);
        }

        public Builder mKeyProtectBits(int v) {
            return set(Field.M_KEY_PROTECT_BITS, v);
        }

        public Builder reserved274(int v) {
            return set(Field.RESERVED274, v);
        }

        public Builder lmc(int v) {
            return set(Field.LMC, v);
        }

        public Builder linkSpeedActive(int v) {
            return set(Field.LINK_SPEED_ACTIVE, v);
        }

        public Builder linkSpeedEnabled(int v) {
            return set(Field.LINK_SPEED_ENABLED, v);
        }

        public Builder neighborMtu(int v) {
            return set(Field.NEIGHBOR_MTU, v);
        }

        public Builder masterSmSl(int v) {
            return set(Field.MASTER_SM_SL, v);
        }

        public Builder vlCap(int v) {
            return set(Field.VL_CAP, v);
        }

        public Builder initType(int v) {
            return set(Field.INIT_TYPE, v);
        }

        public Builder vlHighLimit(int v) {
            return set(Field.VL_HIGH_LIMIT, v);
        }

        public Builder vlArbitrationHighCap(int v) {
            return set(Field.VL_ARBITRATION_HIGH_CAP, v);
        }

        public Builder vlArbitrationLowCap(int v) {
            return set(Field.VL_ARBITRATION_LOW_CAP, v);
        }

        public Builder initTypeReply(int v) {
            return set(Field.INIT_TYPE_REPLY, v);
        }

        public Builder mtuCap(int v) {
            return set(Field.MTU_CAP, v);
        }

        public Builder vlStallCount(int v) {
            return set(Field.VL_STALL_COUNT, v);
        }

        public Builder hoqLife(int v) {
            return set(Field.HOQ_LIFE, v);
        }

        public Builder operationalVls(int v) {
            return set(Field.OPERATIONAL_VLS, v);
        }

        public Builder partitionEnforcementInbound(boolean v) {
            return set(Field.PARTITION_ENFORCEMENT_INBOUND, v);
        }

        public Builder partitionEnforcementOutbound(boolean v) {
            return set(Field.PARTITION_ENFORCEMENT_OUTBOUND, v);
        }

        public Builder filterRawInbound(boolean v) {
            return set(Field.FILTER_RAW_INBOUND, v);
        }

        public Builder filterRawOutbound(boolean v) {
            return set(Field.FILTER_RAW_OUTBOUND, v);
        }

        public Builder mKeyViolations(int v) {
            return set(Field.M_KEY_VIOLATIONS, v);
        }

        public Builder pKeyViolations(int v) {
            return set(Field.P_KEY_VIOLATIONS, v);
        }

        public Builder qKeyViolations(int v) {
            return set(Field.Q_KEY_VIOLATIONS, v);
        }

        public Builder guidCap(int v) {
            return set(Field.GUID_CAP, v);
        }

        public Builder clientReregister(boolean v) {
            return set(Field.CLIENT_REREGISTER, v);
        }

        public Builder multicastPKeyTrapSuppressionEnabled(int v) {
            return set(Field.MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED, v);
        }

        public Builder subnetTimeOut(int v) {
            return set(Field.SUBNET_TIME_OUT, v);
        }

        public Builder reserved416(int v) {
            return set(Field.RESERVED416, v);
        }

        public Builder respTimeValue(int v) {
            return set(Field.RESP_TIME_VALUE, v);
        }

        public Builder localPhyErrors(int v) {
            return set(Field.LOCAL_PHY_ERRORS, v);
        }

        public Builder overrunErrors(int v) {
            return set(Field.OVERRUN_ERRORS, v);
        }

        public Builder maxCreditHint(int v) {
            return set(Field.MAX_CREDIT_HINT, v);
        }

        public Builder reserved448(int v) {
            return set(Field.RESERVED448, v);
        }

        public Builder linkSpeedExtActive2(int v) {
            return set(Field.LINK_SPEED_EXT_ACTIVE2, v);
        }

        public Builder linkSpeedExtSupported2(int v) {
            return set(Field.LINK_SPEED_EXT_SUPPORTED2, v);
        }

        public Builder linkSpeedExtEnabled2(int v) {
            return set(Field.LINK_SPEED_EXT_ENABLED2, v);
        }

        public Builder linkRoundTripLatency(int v) {
            return set(Field.LINK_ROUND_TRIP_LATENCY, v);
        }

        public Builder capabilityMask2(int v) {
            return set(Field.CAPABILITY_MASK2, v);
        }

        public Builder linkSpeedExtActive(int v) {
            return set(Field.LINK_SPEED_EXT_ACTIVE, v);
        }

        public Builder linkSpeedExtSupported(int v) {
            return set(Field.LINK_SPEED_EXT_SUPPORTED, v);
        }

        public Builder reserved504(int v) {
            return set(Field.RESERVED504, v);
        }

        public Builder linkSpeedExtEnabled(int v) {
            return set(Field.LINK_SPEED_EXT_ENABLED, v);
        }
    }
}
