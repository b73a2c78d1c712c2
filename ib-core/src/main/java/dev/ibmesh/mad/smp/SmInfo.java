package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * SMInfo (attribute 0x0020, 21 bytes). AttributeModifier is 0 for Get; for Set it carries the control packet
 * ({@link #HANDOVER} ... {@link #DISCOVER}).
 *
 * <pre>
 *  bytes 0-7 GUID (the SM's port GUID) | 8-15 SM_Key | 16-19 ActCount (heartbeat)
 *  byte 20: bits 160-163 Priority | bits 164-167 SMState
 * </pre>
 *
 * <p>The attribute ends at byte 20: the IBA table, opensm's packed {@code ib_sm_info_t} (8 + 8 + 4 + 1 bytes,
 * followed by 7 pad bytes in the 32-byte SMInfoRecord) and rdma-core's field list all stop at bit 168.
 */
public record SmInfo(long guid, long smKey, int actCount, int priority, int smState) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0020;
    public static final int SIZE = 21;
    public static final int STATE_NOT_ACTIVE = 0;
    public static final int STATE_DISCOVERING = 1;
    public static final int STATE_STANDBY = 2;
    public static final int STATE_MASTER = 3;
    /** AttributeModifier values of SubnSet(SMInfo). */
    public static final int HANDOVER = 1;

    public static final int ACKNOWLEDGE = 2;
    public static final int DISABLE = 3;
    public static final int STANDBY = 4;
    public static final int DISCOVER = 5;

    public SmInfo {
        Bits.checkRange("Priority", priority, 4);
        Bits.checkRange("SMState", smState, 4);
    }

    public static SmInfo decode(byte[] b, int off) {
        return new SmInfo(
                Bits.u64(b, off),
                Bits.u64(b, off + 8),
                Bits.u32(b, off + 16),
                Bits.getInt(b, off, 160, 4),
                Bits.getInt(b, off, 164, 4));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, guid);
        Bits.put64(b, off + 8, smKey);
        Bits.put32(b, off + 16, actCount);
        Bits.put(b, off, 160, 4, priority);
        Bits.put(b, off, 164, 4, smState);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    public static String smStateName(int smState) {
        return switch (smState) {
            case STATE_NOT_ACTIVE -> "NotActive";
            case STATE_DISCOVERING -> "Discovering";
            case STATE_STANDBY -> "Standby";
            case STATE_MASTER -> "Master";
            default -> "SMState(" + smState + ")";
        };
    }
}
