package dev.ibmesh.mad;

/**
 * A MAD attribute: a fixed-size layout inside a MAD's data area.
 *
 * <p>Convention for every implementation (a record): {@code public static final int ATTRIBUTE_ID} and
 * {@code SIZE}; {@code public static T decode(byte[] b, int off)} reading every bit of the {@code SIZE} bytes,
 * reserved bits included (they are record components named {@code reservedN} after their bit offset); and
 * {@link #encode(byte[], int)} writing every one of those bits back. So {@code decode(x).encode()} returns
 * {@code x} for any {@code SIZE} bytes, and unknown values survive.
 */
public interface Attribute {
    int attributeId();

    int size();

    /** Writes all {@link #size()} bytes of this attribute at {@code off}. */
    void encode(byte[] b, int off);

    /** This attribute as a new array of {@link #size()} bytes. */
    default byte[] toBytes() {
        byte[] b = new byte[size()];
        encode(b, 0);
        return b;
    }
}
