package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * SA PathRecord (attribute 0x0035, 64 bytes).
 *
 * <pre>
 *  bit   0 ServiceID (64)          | 64 DGID (128)           | 192 SGID (128)
 *  bit 320 DLID (16)               | 336 SLID (16)
 *  bit 352 RawTraffic (1)          | 353 reserved (3)        | 356 FlowLabel (20) | 376 HopLimit (8)
 *  bit 384 TClass (8)              | 392 Reversible (1)      | 393 NumbPath (7)   | 400 P_Key (16)
 *  bit 416 QoSClass (12)           | 428 SL (4)
 *  bit 432 MtuSelector (2)         | 434 MTU (6)
 *  bit 440 RateSelector (2)        | 442 Rate (6)
 *  bit 448 PacketLifeTimeSelector (2) | 450 PacketLifeTime (6)
 *  bit 456 Preference (8)          | 464 reserved (48)
 * </pre>
 *
 * Selectors: 0 greater than, 1 less than, 2 exactly, 3 largest/smallest available. Sources: opensm
 * {@code ib_path_rec_t} and its accessors (hop_flow_raw: raw bit 31, flow label bits 27-8, hop limit bits 7-0;
 * qos_class_sl: QoS class bits 15-4, SL bits 3-0; selector in the top 2 bits of mtu/rate/pkt_life) and
 * {@code IB_PR_COMPMASK_*}; rdma-core {@code libibmad/fields.c} (PathRec* fields: NumPath at bit 393, SL at 428).
 */
public record PathRecord(
        long serviceId,
        byte[] dgid,
        byte[] sgid,
        int dlid,
        int slid,
        int rawTraffic,
        int reserved353,
        int flowLabel,
        int hopLimit,
        int tClass,
        int reversible,
        int numbPath,
        int pKey,
        int qosClass,
        int sl,
        int mtuSelector,
        int mtu,
        int rateSelector,
        int rate,
        int packetLifeTimeSelector,
        int packetLifeTime,
        int preference,
        long reserved464)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0035;
    public static final int SIZE = 64;

    public static final int SELECTOR_GREATER_THAN = 0;
    public static final int SELECTOR_LESS_THAN = 1;
    public static final int SELECTOR_EXACTLY = 2;
    public static final int SELECTOR_BEST = 3;

    /** ComponentMask bits (one per component of the IBA table, ServiceID counting as two 32-bit halves). */
    public static final long COMP_SERVICE_ID_MSB = 1L << 0;

    public static final long COMP_SERVICE_ID_LSB = 1L << 1;
    public static final long COMP_SERVICE_ID = COMP_SERVICE_ID_MSB | COMP_SERVICE_ID_LSB;
    public static final long COMP_DGID = 1L << 2;
    public static final long COMP_SGID = 1L << 3;
    public static final long COMP_DLID = 1L << 4;
    public static final long COMP_SLID = 1L << 5;
    public static final long COMP_RAW_TRAFFIC = 1L << 6;
    public static final long COMP_FLOW_LABEL = 1L << 8;
    public static final long COMP_HOP_LIMIT = 1L << 9;
    public static final long COMP_TCLASS = 1L << 10;
    public static final long COMP_REVERSIBLE = 1L << 11;
    public static final long COMP_NUMB_PATH = 1L << 12;
    public static final long COMP_PKEY = 1L << 13;
    public static final long COMP_QOS_CLASS = 1L << 14;
    public static final long COMP_SL = 1L << 15;
    public static final long COMP_MTU_SELECTOR = 1L << 16;
    public static final long COMP_MTU = 1L << 17;
    public static final long COMP_RATE_SELECTOR = 1L << 18;
    public static final long COMP_RATE = 1L << 19;
    public static final long COMP_PACKET_LIFE_TIME_SELECTOR = 1L << 20;
    public static final long COMP_PACKET_LIFE_TIME = 1L << 21;

    public PathRecord {
        dgid = RawBytes.copy("DGID", dgid, 16);
        sgid = RawBytes.copy("SGID", sgid, 16);
        Bits.checkRange("DLID", dlid, 16);
        Bits.checkRange("SLID", slid, 16);
        Bits.checkRange("RawTraffic", rawTraffic, 1);
        Bits.checkRange("reserved353", reserved353, 3);
        Bits.checkRange("FlowLabel", flowLabel, 20);
        Bits.checkRange("HopLimit", hopLimit, 8);
        Bits.checkRange("TClass", tClass, 8);
        Bits.checkRange("Reversible", reversible, 1);
        Bits.checkRange("NumbPath", numbPath, 7);
        Bits.checkRange("P_Key", pKey, 16);
        Bits.checkRange("QoSClass", qosClass, 12);
        Bits.checkRange("SL", sl, 4);
        Bits.checkRange("MtuSelector", mtuSelector, 2);
        Bits.checkRange("MTU", mtu, 6);
        Bits.checkRange("RateSelector", rateSelector, 2);
        Bits.checkRange("Rate", rate, 6);
        Bits.checkRange("PacketLifeTimeSelector", packetLifeTimeSelector, 2);
        Bits.checkRange("PacketLifeTime", packetLifeTime, 6);
        Bits.checkRange("Preference", preference, 8);
        Bits.checkRange("reserved464", reserved464, 48);
    }

    public static PathRecord decode(byte[] b, int off) {
        return new PathRecord(
                Bits.u64(b, off),
                Arrays.copyOfRange(b, off + 8, off + 24),
                Arrays.copyOfRange(b, off + 24, off + 40),
                Bits.u16(b, off + 40),
                Bits.u16(b, off + 42),
                Bits.getInt(b, off, 352, 1),
                Bits.getInt(b, off, 353, 3),
                Bits.getInt(b, off, 356, 20),
                Bits.u8(b, off + 47),
                Bits.u8(b, off + 48),
                Bits.getInt(b, off, 392, 1),
                Bits.getInt(b, off, 393, 7),
                Bits.u16(b, off + 50),
                Bits.getInt(b, off, 416, 12),
                Bits.getInt(b, off, 428, 4),
                Bits.getInt(b, off, 432, 2),
                Bits.getInt(b, off, 434, 6),
                Bits.getInt(b, off, 440, 2),
                Bits.getInt(b, off, 442, 6),
                Bits.getInt(b, off, 448, 2),
                Bits.getInt(b, off, 450, 6),
                Bits.u8(b, off + 57),
                Bits.get(b, off, 464, 48));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, serviceId);
        System.arraycopy(dgid, 0, b, off + 8, 16);
        System.arraycopy(sgid, 0, b, off + 24, 16);
        Bits.put16(b, off + 40, dlid);
        Bits.put16(b, off + 42, slid);
        Bits.put(b, off, 352, 1, rawTraffic);
        Bits.put(b, off, 353, 3, reserved353);
        Bits.put(b, off, 356, 20, flowLabel);
        Bits.put8(b, off + 47, hopLimit);
        Bits.put8(b, off + 48, tClass);
        Bits.put(b, off, 392, 1, reversible);
        Bits.put(b, off, 393, 7, numbPath);
        Bits.put16(b, off + 50, pKey);
        Bits.put(b, off, 416, 12, qosClass);
        Bits.put(b, off, 428, 4, sl);
        Bits.put(b, off, 432, 2, mtuSelector);
        Bits.put(b, off, 434, 6, mtu);
        Bits.put(b, off, 440, 2, rateSelector);
        Bits.put(b, off, 442, 6, rate);
        Bits.put(b, off, 448, 2, packetLifeTimeSelector);
        Bits.put(b, off, 450, 6, packetLifeTime);
        Bits.put8(b, off + 57, preference);
        Bits.put(b, off, 464, 48, reserved464);
    }

    @Override
    public byte[] dgid() {
        return dgid.clone();
    }

    @Override
    public byte[] sgid() {
        return sgid.clone();
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathRecord p && Arrays.equals(toBytes(), p.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "PathRecord[serviceId=" + String.format("0x%016X", serviceId) + ", dgid=" + RawBytes.hex(dgid)
                + ", sgid=" + RawBytes.hex(sgid) + ", dlid=" + dlid + ", slid=" + slid + ", rawTraffic=" + rawTraffic
                + ", reserved353=" + reserved353 + ", flowLabel=" + flowLabel + ", hopLimit=" + hopLimit
                + ", tClass=" + tClass + ", reversible=" + reversible + ", numbPath=" + numbPath
                + String.format(", pKey=0x%04X", pKey) + ", qosClass=" + qosClass + ", sl=" + sl
                + ", mtuSelector=" + mtuSelector + ", mtu=" + mtu + ", rateSelector=" + rateSelector + ", rate="
                + rate + ", packetLifeTimeSelector=" + packetLifeTimeSelector + ", packetLifeTime=" + packetLifeTime
                + ", preference=" + preference + ", reserved464=" + reserved464 + "]";
    }
}
