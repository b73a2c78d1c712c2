package dev.ibmesh.wire;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An IBA transport packet: {@code LRH | GRH (LNH 3 only) | BTH | extended headers | payload | pad | ICRC | VCRC}.
 *
 * @param grh     null for a local packet
 * @param headers the extended transport headers in wire order
 * @param pad     the pad bytes (normally BTH.PadCnt zero bytes; kept as received so that re-encoding is exact)
 * @param icrc    the ICRC register value as carried
 * @param vcrc    the VCRC register value as carried
 */
public record IbaPacket(
        Lrh lrh, Grh grh, Bth bth, List<ExtHeader> headers, byte[] payload, byte[] pad, int icrc, int vcrc)
        implements Packet {
    public IbaPacket {
        Objects.requireNonNull(lrh, "lrh");
        Objects.requireNonNull(bth, "bth");
        headers = List.copyOf(headers);
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(pad, "pad");
    }

    /** The size of LRH through the last pad byte: what the ICRC covers. */
    public int icrcCoveredBytes() {
        return Lrh.SIZE + (grh == null ? 0 : Grh.SIZE) + Bth.SIZE + headerBytes() + payload.length + pad.length;
    }

    /** The size of LRH through VCRC. */
    public int frameBytes() {
        return icrcCoveredBytes() + 4 + 2;
    }

    public int headerBytes() {
        int n = 0;
        for (ExtHeader h : headers) {
            n += h.size();
        }
        return n;
    }

    /** The first extended header of the given type, or null. */
    public <T extends ExtHeader> T header(Class<T> type) {
        for (ExtHeader h : headers) {
            if (type.isInstance(h)) {
                return type.cast(h);
            }
        }
        return null;
    }

    @Override
    public byte[] encode() {
        byte[] b = new byte[frameBytes()];
        int p = 0;
        lrh.encode(b, p);
        p += Lrh.SIZE;
        if (grh != null) {
            grh.encode(b, p);
            p += Grh.SIZE;
        }
        bth.encode(b, p);
        p += Bth.SIZE;
        for (ExtHeader h : headers) {
            h.encode(b, p);
            p += h.size();
        }
        System.arraycopy(payload, 0, b, p, payload.length);
        p += payload.length;
        System.arraycopy(pad, 0, b, p, pad.length);
        p += pad.length;
        Icrc.write(b, p, icrc);
        Vcrc.write(b, p + 4, vcrc);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IbaPacket p
                && lrh.equals(p.lrh)
                && Objects.equals(grh, p.grh)
                && bth.equals(p.bth)
                && headers.equals(p.headers)
                && Arrays.equals(payload, p.payload)
                && Arrays.equals(pad, p.pad)
                && icrc == p.icrc
                && vcrc == p.vcrc;
    }

    @Override
    public int hashCode() {
        return Objects.hash(lrh, grh, bth, headers, Arrays.hashCode(payload), Arrays.hashCode(pad), icrc, vcrc);
    }

    @Override
    public String toString() {
        return "IbaPacket[" + lrh + ", " + grh + ", " + bth + ", " + headers + ", payload=" + payload.length
                + " bytes, pad=" + pad.length + String.format(", icrc=0x%08X, vcrc=0x%04X]", icrc, vcrc);
    }
}
