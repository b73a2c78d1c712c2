package dev.ibmesh.wire;

import java.util.Arrays;
import java.util.Objects;

/**
 * A raw packet (LNH 0: a raw header with an EtherType follows the LRH; LNH 1: an IPv6 header follows).
 * {@code LRH | body | VCRC}: no BTH and no ICRC. The body is kept opaque, byte for byte.
 */
public record RawPacket(Lrh lrh, byte[] body, int vcrc) implements Packet {
    /** The raw header (RWH) of an LNH 0 packet: 16 reserved bits and a 16-bit EtherType. */
    public static final int RWH_SIZE = 4;

    public RawPacket {
        Objects.requireNonNull(lrh, "lrh");
        Objects.requireNonNull(body, "body");
    }

    /** The RWH EtherType of an LNH 0 packet whose body holds at least the RWH, or -1. */
    public int etherType() {
        return lrh.lnh() == Lrh.LNH_RAW && body.length >= RWH_SIZE ? Bits.u16(body, 2) : -1;
    }

    @Override
    public byte[] encode() {
        byte[] b = new byte[Lrh.SIZE + body.length + 2];
        lrh.encode(b, 0);
        System.arraycopy(body, 0, b, Lrh.SIZE, body.length);
        Vcrc.write(b, Lrh.SIZE + body.length, vcrc);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RawPacket p && lrh.equals(p.lrh) && Arrays.equals(body, p.body) && vcrc == p.vcrc;
    }

    @Override
    public int hashCode() {
        return Objects.hash(lrh, Arrays.hashCode(body), vcrc);
    }

    @Override
    public String toString() {
        return "RawPacket[" + lrh + ", body=" + body.length + String.format(" bytes, vcrc=0x%04X]", vcrc);
    }
}
