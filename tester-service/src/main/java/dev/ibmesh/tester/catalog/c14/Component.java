package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.wire.Bits;

/**
 * A component of an SMP attribute by its place in the attribute's layout table (IBA 14.2.5): bit offset from the
 * attribute's start and width in bits.
 */
record Component(String name, int bitOffset, int width) {
    long value(byte[] attribute) {
        return Bits.get(attribute, 0, bitOffset, width);
    }

    /** The attribute with this component set to {@code value} and nothing else changed. */
    byte[] with(byte[] attribute, long value) {
        byte[] c = attribute.clone();
        Bits.put(c, 0, bitOffset, width, value);
        return c;
    }

    /** The attribute with another value of this component (its lowest bit flipped) and nothing else changed. */
    byte[] changed(byte[] attribute) {
        return with(attribute, value(attribute) ^ 1);
    }
}
