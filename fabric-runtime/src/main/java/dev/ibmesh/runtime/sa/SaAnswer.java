package dev.ibmesh.runtime.sa;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What the SA answered: the MAD status, and the records. A GetResp holds one record (none when the status is not
 * 0); a GetTableResp as many as its data holds at the stride AttributeOffset gives (IBA 15.2.1.1).
 *
 * @param header the response's first 56 bytes (MAD, RMPP and SA headers) as the SA sent them
 * @param data   the SA data: 200 bytes of a GetResp, or the whole reassembled data of a GetTableResp
 */
public record SaAnswer(byte[] header, byte[] data) {
    public int status() {
        return Bits.u16(header, 4);
    }

    public int method() {
        return Bits.u8(header, 3);
    }

    public int attributeOffset() {
        return Bits.u16(header, SaMad.ATTRIBUTE_OFFSET_OFFSET);
    }

    /** The records, decoded with {@code decoder} (a record type's {@code decode}). */
    public <T> List<T> records(BiFunction<byte[], Integer, T> decoder) {
        List<T> records = new ArrayList<>();
        if (status() != 0) {
            return records;
        }
        if (method() == Method.GET_RESP) {
            records.add(decoder.apply(data, 0));
            return records;
        }
        int stride = attributeOffset() * 8;
        for (int off = 0; stride > 0 && off + stride <= data.length; off += stride) {
            records.add(decoder.apply(data, off));
        }
        return records;
    }

    @Override
    public String toString() {
        return "SaAnswer[status=" + MadStatus.describe(status()) + ", " + data.length + " bytes of data]";
    }
}
