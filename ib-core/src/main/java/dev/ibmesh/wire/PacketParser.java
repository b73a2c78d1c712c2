package dev.ibmesh.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parses the structure of a frame (LRH through VCRC) into a {@link Packet}, leniently: CRCs, PktLen and LVer are
 * taken as they are, so a trace decoder can show a damaged packet and mark it (run {@link PacketCheck} for the
 * verdict, or use {@link PacketDecoder} for both). The received length is authoritative: the VCRC is the last two
 * bytes, the ICRC the four before them. Never throws on any input.
 */
public final class PacketParser {
    private PacketParser() {}

    public static DecodeResult parse(byte[] b) {
        return parse(b, 0, b.length);
    }

    public static DecodeResult parse(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off > b.length - len) {
            return new DecodeResult.Rejected(
                    RejectReason.TRUNCATED_HEADERS,
                    "frame of " + len + " bytes at offset " + off + " is outside a buffer of " + b.length);
        }
        if (len < Lrh.SIZE + 2) {
            return new DecodeResult.Rejected(
                    RejectReason.BELOW_MINIMUM_LENGTH, len + " bytes cannot hold an LRH and a VCRC (10 bytes)");
        }
        Lrh lrh = Lrh.decode(b, off);
        int vcrc = Vcrc.read(b, off + len - 2);
        if (lrh.lnh() < Lrh.LNH_IBA_LOCAL) {
            return new DecodeResult.Decoded(
                    new RawPacket(lrh, Arrays.copyOfRange(b, off + Lrh.SIZE, off + len - 2), vcrc));
        }
        return parseIba(b, off, len, lrh, vcrc);
    }

    private static DecodeResult parseIba(byte[] b, int off, int len, Lrh lrh, int vcrc) {
        int p = off + Lrh.SIZE;
        int icrcAt = off + len - 6;
        Grh grh = null;
        if (lrh.lnh() == Lrh.LNH_IBA_GLOBAL) {
            if (icrcAt - p < Grh.SIZE + Bth.SIZE) {
                return truncated("LNH 3 needs a 40-byte GRH and a 12-byte BTH", len);
            }
            grh = Grh.decode(b, p);
            p += Grh.SIZE;
        }
        if (icrcAt - p < Bth.SIZE) {
            return truncated("an IBA transport packet needs a 12-byte BTH and a 4-byte ICRC", len);
        }
        Bth bth = Bth.decode(b, p);
        p += Bth.SIZE;
        OpCode op = bth.opCode();
        if (icrcAt - p < op.headerBytes()) {
            return truncated(op.name() + " needs " + op.headers() + " (" + op.headerBytes() + " bytes)", len);
        }
        List<ExtHeader> headers = new ArrayList<>(op.headers().size());
        for (ExtHeaderType t : op.headers()) {
            headers.add(t.decode(b, p));
            p += t.size();
        }
        int rest = icrcAt - p;
        if (bth.padCnt() > rest) {
            return new DecodeResult.Rejected(
                    RejectReason.PAD_EXCEEDS_PAYLOAD,
                    "PadCnt " + bth.padCnt() + " but only " + rest + " bytes between the headers and the ICRC");
        }
        int payloadEnd = icrcAt - bth.padCnt();
        return new DecodeResult.Decoded(new IbaPacket(
                lrh,
                grh,
                bth,
                headers,
                Arrays.copyOfRange(b, p, payloadEnd),
                Arrays.copyOfRange(b, payloadEnd, icrcAt),
                Icrc.read(b, icrcAt),
                vcrc));
    }

    private static DecodeResult truncated(String what, int len) {
        return new DecodeResult.Rejected(RejectReason.TRUNCATED_HEADERS, what + "; the frame has " + len + " bytes");
    }
}
