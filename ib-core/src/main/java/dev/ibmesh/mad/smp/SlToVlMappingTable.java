package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import java.util.List;

/**
 * SLtoVLMappingTable (attribute 0x0017, 8 bytes). On a switch, AttributeModifier bits 15-8 = input port and
 * 7-0 = output port; on a CA or router port it is the port number.
 *
 * <pre>
 *  byte i (0-7): bits 7-4 VL for SL 2i | bits 3-0 VL for SL 2i+1
 *  (IBA bit offset 4 * sl, width 4)
 * </pre>
 */
public record SlToVlMappingTable(List<Integer> vls) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0017;
    public static final int SIZE = 8;
    public static final int NUM_SLS = 16;
    /** VL 15 as a mapping target: packets on that SL are dropped. */
    public static final int VL_DROP = 15;

    /** @param vls the VL for each of the 16 SLs, indexed by SL */
    public SlToVlMappingTable {
        vls = SmpCodec.check("SLtoVL", vls, NUM_SLS, 4);
    }

    public static SlToVlMappingTable decode(byte[] b, int off) {
        return new SlToVlMappingTable(SmpCodec.read(b, off, NUM_SLS, 4));
    }

    @Override
    public void encode(byte[] b, int off) {
        SmpCodec.write(b, off, vls, 4);
    }

    /** The VL that packets on {@code sl} (0-15) use. */
    public int vl(int sl) {
        return vls.get(SmpCodec.checkIndex("SL", sl, NUM_SLS));
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
