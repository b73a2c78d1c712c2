package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * SA LinearForwardingTableRecord (attribute 0x0015, 72 bytes).
 *
 * <pre>
 *  0-1  LID (of the switch) | 2-3 BlockNum
 *  4-7  reserved (bits 32-63)
 *  8-71 LinearForwardingTable (64 one-byte ports, for LIDs BlockNum*64 .. BlockNum*64+63; 0xFF = no route)
 * </pre>
 *
 * Sources: opensm {@code ib_lft_record_t} (lid, block_num, resv0, lft[64]) and {@code IB_LFTR_COMPMASK_*}.
 */
public record LinearForwardingTableRecord(int lid, int blockNum, long reserved32, byte[] linearForwardingTable)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0015;
    public static final int SIZE = 72;
    public static final int ENTRIES = 64;
    public static final int NO_ROUTE = 0xFF;

    public static final long COMP_LID = 1L << 0;
    public static final long COMP_BLOCK_NUM = 1L << 1;

    public LinearForwardingTableRecord {
        Bits.checkRange("LID", lid, 16);
        Bits.checkRange("BlockNum", blockNum, 16);
        Bits.checkRange("reserved32", reserved32, 32);
        linearForwardingTable = RawBytes.copy("LinearForwardingTable", linearForwardingTable, ENTRIES);
    }

    public static LinearForwardingTableRecord decode(byte[] b, int off) {
        return new LinearForwardingTableRecord(
                Bits.u16(b, off),
                Bits.u16(b, off + 2),
                Bits.get(b, off, 32, 32),
                Arrays.copyOfRange(b, off + 8, off + 8 + ENTRIES));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put16(b, off, lid);
        Bits.put16(b, off + 2, blockNum);
        Bits.put32(b, off + 4, (int) reserved32);
        System.arraycopy(linearForwardingTable, 0, b, off + 8, ENTRIES);
    }

    @Override
    public byte[] linearForwardingTable() {
        return linearForwardingTable.clone();
    }

    /** The egress port for entry {@code index} (0..63), i.e. for LID {@code blockNum * 64 + index}. */
    public int port(int index) {
        return linearForwardingTable[index] & 0xFF;
    }

    /** The first LID this block covers. */
    public int firstLid() {
        return blockNum * ENTRIES;
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
        return o instanceof LinearForwardingTableRecord r && Arrays.equals(toBytes(), r.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "LinearForwardingTableRecord[lid=" + lid + ", blockNum=" + blockNum + ", reserved32=" + reserved32
                + ", linearForwardingTable=" + RawBytes.hex(linearForwardingTable) + "]";
    }
}
