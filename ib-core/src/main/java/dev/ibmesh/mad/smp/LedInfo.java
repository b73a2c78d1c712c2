package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * LedInfo (attribute 0x0031, 4 bytes): the port's beacon LED, supported when PortInfo CapabilityMask bit 9
 * (IsLEDInfoSupported) is set. AttributeModifier = port.
 *
 * <pre>
 *  bit 0 (mask 0x80 of byte 0) LedMask (1 = LED on/blinking) | bits 1-31 reserved
 * </pre>
 */
public record LedInfo(boolean ledMask, int reserved1) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0031;
    public static final int SIZE = 4;

    public LedInfo {
        Bits.checkRange("reserved1", reserved1, 31);
    }

    public LedInfo(boolean ledMask) {
        this(ledMask, 0);
    }

    public static LedInfo decode(byte[] b, int off) {
        return new LedInfo(SmpCodec.flag(b, off, 0), Bits.getInt(b, off, 1, 31));
    }

    @Override
    public void encode(byte[] b, int off) {
        SmpCodec.putFlag(b, off, 0, ledMask);
        Bits.put(b, off, 1, 31, reserved1);
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
