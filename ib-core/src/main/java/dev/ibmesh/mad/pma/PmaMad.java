package dev.ibmesh.mad.pma;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.BiFunction;

/**
 * A Performance Management MAD (management class 0x04, ClassVersion 1, sent on QP1).
 *
 * <pre>
 *  0-23   common MAD header
 *  24-63  reserved (40 bytes)
 *  64-255 PMA data (192 bytes: the attribute, e.g. PortCounters at data byte 0 = MAD byte 64)
 * </pre>
 *
 * Sources: rdma-core {@code ib_perfmgt_mad_t} (header, {@code resv[40]}, {@code data[IB_PM_DATA_SIZE = 192]}),
 * docs/wire-format.md (PMA) and vector S7. The byte arrays are owned by the record: they are copied in and out, so
 * decoding and re-encoding any 256 bytes gives the same 256 bytes.
 */
public record PmaMad(MadHeader header, byte[] reserved24, byte[] data) {
    public static final int CLASS_VERSION = 1;
    public static final int RESERVED_OFFSET = 24;
    public static final int RESERVED_SIZE = 40;
    public static final int DATA_OFFSET = 64;
    public static final int DATA_SIZE = 192;

    public PmaMad {
        if (header == null) {
            throw new IllegalArgumentException("header must not be null");
        }
        reserved24 = copy("reserved24", reserved24, RESERVED_SIZE);
        data = copy("data", data, DATA_SIZE);
    }

    /** A PMA MAD with a zero reserved area and {@code data} (at most 192 bytes, zero padded). */
    public static PmaMad of(MadHeader header, byte[] data) {
        if (data.length > DATA_SIZE) {
            throw new IllegalArgumentException("data must be at most " + DATA_SIZE + " bytes, was " + data.length);
        }
        return new PmaMad(header, new byte[RESERVED_SIZE], Arrays.copyOf(data, DATA_SIZE));
    }

    /** A PMA MAD carrying {@code attribute} at data byte 0; the rest of the data area is zero. */
    public static PmaMad of(MadHeader header, Attribute attribute) {
        byte[] d = new byte[DATA_SIZE];
        attribute.encode(d, 0);
        return new PmaMad(header, new byte[RESERVED_SIZE], d);
    }

    public static PmaMad decode(Mad mad) {
        byte[] b = mad.toBytes();
        return new PmaMad(
                MadHeader.decode(b, 0),
                Arrays.copyOfRange(b, RESERVED_OFFSET, DATA_OFFSET),
                Arrays.copyOfRange(b, DATA_OFFSET, Mad.SIZE));
    }

    public Mad encode() {
        byte[] b = new byte[Mad.SIZE];
        header.encode(b, 0);
        System.arraycopy(reserved24, 0, b, RESERVED_OFFSET, RESERVED_SIZE);
        System.arraycopy(data, 0, b, DATA_OFFSET, DATA_SIZE);
        return Mad.copyOf(b);
    }

    /** Decodes the attribute at data byte 0, e.g. {@code pma.attribute(PortCounters::decode)}. */
    public <T extends Attribute> T attribute(BiFunction<byte[], Integer, T> decoder) {
        return decoder.apply(data, 0);
    }

    @Override
    public byte[] reserved24() {
        return reserved24.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PmaMad p
                && header.equals(p.header)
                && Arrays.equals(reserved24, p.reserved24)
                && Arrays.equals(data, p.data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * header.hashCode() + Arrays.hashCode(reserved24)) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "PmaMad[header=" + header + ", reserved24=" + HexFormat.of().formatHex(reserved24) + ", data="
                + HexFormat.of().formatHex(data) + "]";
    }

    private static byte[] copy(String field, byte[] a, int length) {
        if (a == null || a.length != length) {
            throw new IllegalArgumentException(
                    field + " must be " + length + " bytes, was " + (a == null ? "null" : a.length));
        }
        return a.clone();
    }
}
