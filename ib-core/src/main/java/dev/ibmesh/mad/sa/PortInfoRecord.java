package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * SA PortInfoRecord (attribute 0x0012, 68 bytes; a GetTableResp pads each record to 72 bytes, AttributeOffset 9).
 *
 * <pre>
 *  0-1  EndportLID | 2 PortNum | 3 Options (reserved in IBA 1.2)
 *  4-67 PortInfo (64 bytes)
 * </pre>
 *
 * The PortInfo is kept as its 64 raw bytes: {@code dev.ibmesh.mad.smp.PortInfo} is being written separately; decode
 * {@link #portInfo()} with it once it exists. Sources: opensm {@code ib_portinfo_record_t} (lid, port_num, options,
 * port_info, then 4 pad bytes that are not part of the IBA record) and {@code IB_PIR_COMPMASK_*}.
 */
public record PortInfoRecord(int endportLid, int portNum, int options, byte[] portInfo) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0012;
    public static final int SIZE = 68;
    public static final int PORT_INFO_SIZE = 64;

    /** ComponentMask bits for the record's own fields (opensm IB_PIR_COMPMASK_*). */
    public static final long COMP_ENDPORT_LID = 1L << 0;

    public static final long COMP_PORT_NUM = 1L << 1;
    public static final long COMP_OPTIONS = 1L << 2;

    public PortInfoRecord {
        Bits.checkRange("EndportLID", endportLid, 16);
        Bits.checkRange("PortNum", portNum, 8);
        Bits.checkRange("Options", options, 8);
        portInfo = RawBytes.copy("PortInfo", portInfo, PORT_INFO_SIZE);
    }

    public static PortInfoRecord decode(byte[] b, int off) {
        return new PortInfoRecord(
                Bits.u16(b, off),
                Bits.u8(b, off + 2),
                Bits.u8(b, off + 3),
                Arrays.copyOfRange(b, off + 4, off + 4 + PORT_INFO_SIZE));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put16(b, off, endportLid);
        Bits.put8(b, off + 2, portNum);
        Bits.put8(b, off + 3, options);
        System.arraycopy(portInfo, 0, b, off + 4, PORT_INFO_SIZE);
    }

    @Override
    public byte[] portInfo() {
        return portInfo.clone();
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
        return o instanceof PortInfoRecord r && Arrays.equals(toBytes(), r.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "PortInfoRecord[endportLid=" + endportLid + ", portNum=" + portNum + ", options=" + options
                + ", portInfo=" + RawBytes.hex(portInfo) + "]";
    }
}
