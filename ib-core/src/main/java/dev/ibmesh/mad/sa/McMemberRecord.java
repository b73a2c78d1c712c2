package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.Gid;

/**
 * SA MCMemberRecord (attribute 0x0038, 52 bytes, IBA 15.2.5.17): a port's membership of a multicast group, and the
 * group's parameters. A port joins with SubnAdmSet and leaves with SubnAdmDelete; SubnAdmGet(Table) lists groups.
 *
 * <pre>
 *  byte  0 MGID (16)            | 16 PortGID (16)       | 32 Q_Key (4)        | 36 MLID (2)
 *  byte 38 MTUSelector (2 bits) MTU (6 bits)          | 39 TClass           | 40 P_Key (2)
 *  byte 42 RateSelector (2) Rate (6)                   | 43 PacketLifeTimeSelector (2) PacketLifeTime (6)
 *  byte 44 SL (4 bits) FlowLabel (20 bits) HopLimit (8 bits)
 *  byte 48 Scope (4 bits) JoinState (4 bits)           | 49 ProxyJoin (1 bit), reserved (23 bits)
 * </pre>
 *
 * JoinState bits: 0 FullMember, 1 NonMember, 2 SendOnlyNonMember, 3 SendOnlyFullMember. Selectors as in PathRecord.
 * Component mask bits in field order (opensm {@code IB_MCR_COMPMASK_*}): MGID 0, PortGID 1, Q_Key 2, MLID 3,
 * MTUSelector 4, MTU 5, TClass 6, P_Key 7, RateSelector 8, Rate 9, PacketLifeTimeSelector 10, PacketLifeTime 11, SL 12,
 * FlowLabel 13, HopLimit 14, Scope 15, JoinState 16, ProxyJoin 17.
 */
public record McMemberRecord(
        Gid mgid,
        Gid portGid,
        int qKey,
        int mlid,
        int mtuSelector,
        int mtu,
        int tClass,
        int pKey,
        int rateSelector,
        int rate,
        int packetLifeTimeSelector,
        int packetLifeTime,
        int sl,
        int flowLabel,
        int hopLimit,
        int scope,
        int joinState,
        boolean proxyJoin)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0038;
    public static final int SIZE = 52;

    public static final long COMP_MGID = 1L << 0;
    public static final long COMP_PORT_GID = 1L << 1;
    public static final long COMP_Q_KEY = 1L << 2;
    public static final long COMP_MLID = 1L << 3;
    public static final long COMP_MTU_SELECTOR = 1L << 4;
    public static final long COMP_MTU = 1L << 5;
    public static final long COMP_TCLASS = 1L << 6;
    public static final long COMP_P_KEY = 1L << 7;
    public static final long COMP_RATE_SELECTOR = 1L << 8;
    public static final long COMP_RATE = 1L << 9;
    public static final long COMP_SL = 1L << 12;
    public static final long COMP_FLOW_LABEL = 1L << 13;
    public static final long COMP_HOP_LIMIT = 1L << 14;
    public static final long COMP_SCOPE = 1L << 15;
    public static final long COMP_JOIN_STATE = 1L << 16;

    public static final int JOIN_FULL_MEMBER = 1;
    public static final int JOIN_NON_MEMBER = 2;
    public static final int JOIN_SEND_ONLY_NON_MEMBER = 4;
    public static final int JOIN_SEND_ONLY_FULL_MEMBER = 8;

    public McMemberRecord {
        Bits.checkRange("MLID", mlid, 16);
        Bits.checkRange("MTUSelector", mtuSelector, 2);
        Bits.checkRange("MTU", mtu, 6);
        Bits.checkRange("TClass", tClass, 8);
        Bits.checkRange("P_Key", pKey, 16);
        Bits.checkRange("RateSelector", rateSelector, 2);
        Bits.checkRange("Rate", rate, 6);
        Bits.checkRange("PacketLifeTimeSelector", packetLifeTimeSelector, 2);
        Bits.checkRange("PacketLifeTime", packetLifeTime, 6);
        Bits.checkRange("SL", sl, 4);
        Bits.checkRange("FlowLabel", flowLabel, 20);
        Bits.checkRange("HopLimit", hopLimit, 8);
        Bits.checkRange("Scope", scope, 4);
        Bits.checkRange("JoinState", joinState, 4);
    }

    public static McMemberRecord decode(byte[] b, int off) {
        int sflow = Bits.u32(b, off + 44);
        return new McMemberRecord(
                Gid.decode(b, off),
                Gid.decode(b, off + 16),
                Bits.u32(b, off + 32),
                Bits.u16(b, off + 36),
                Bits.u8(b, off + 38) >>> 6,
                Bits.u8(b, off + 38) & 0x3F,
                Bits.u8(b, off + 39),
                Bits.u16(b, off + 40),
                Bits.u8(b, off + 42) >>> 6,
                Bits.u8(b, off + 42) & 0x3F,
                Bits.u8(b, off + 43) >>> 6,
                Bits.u8(b, off + 43) & 0x3F,
                sflow >>> 28,
                (sflow >>> 8) & 0xFFFFF,
                sflow & 0xFF,
                Bits.u8(b, off + 48) >>> 4,
                Bits.u8(b, off + 48) & 0xF,
                (Bits.u8(b, off + 49) & 0x80) != 0);
    }

    @Override
    public void encode(byte[] b, int off) {
        mgid.encode(b, off);
        portGid.encode(b, off + 16);
        Bits.put32(b, off + 32, qKey);
        Bits.put16(b, off + 36, mlid);
        Bits.put8(b, off + 38, mtuSelector << 6 | mtu);
        Bits.put8(b, off + 39, tClass);
        Bits.put16(b, off + 40, pKey);
        Bits.put8(b, off + 42, rateSelector << 6 | rate);
        Bits.put8(b, off + 43, packetLifeTimeSelector << 6 | packetLifeTime);
        Bits.put32(b, off + 44, sl << 28 | flowLabel << 8 | hopLimit);
        Bits.put8(b, off + 48, scope << 4 | joinState);
        Bits.put8(b, off + 49, proxyJoin ? 0x80 : 0);
        Bits.put16(b, off + 50, 0);
    }

    /** The same record for member {@code port} with JoinState {@code state}. */
    public McMemberRecord member(Gid port, int state) {
        return new McMemberRecord(
                mgid,
                port,
                qKey,
                mlid,
                mtuSelector,
                mtu,
                tClass,
                pKey,
                rateSelector,
                rate,
                packetLifeTimeSelector,
                packetLifeTime,
                sl,
                flowLabel,
                hopLimit,
                scope,
                state,
                proxyJoin);
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
