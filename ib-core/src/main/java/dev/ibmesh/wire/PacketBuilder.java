package dev.ibmesh.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Builds a correct frame from headers and a payload: it computes LRH.LNH and PktLen, BTH.PadCnt (zero pad bytes),
 * GRH.PayLen, the ICRC and the VCRC. Every other field is taken as given.
 *
 * <p>For a tester it can also produce one specific error on purpose. Field overrides ({@link #pktLen},
 * {@link #payLen}, {@link #padCnt}) are applied before the CRCs are computed, so the CRCs are right and only the
 * named field is wrong; {@link #badIcrc()} and {@link #badVcrc()} damage a CRC; {@link #truncateBy} and
 * {@link #appendBytes} change the received length after everything else. LVer and VL are ordinary {@link Lrh}
 * fields. {@link #anyHeaders()} lifts the check that the extended headers match the opcode.
 */
public final class PacketBuilder {
    private Lrh lrh;
    private Grh grh;
    private Bth bth;
    private final List<ExtHeader> headers = new ArrayList<>();
    private byte[] payload = new byte[0];
    private byte[] rawBody;
    private boolean anyHeaders;
    private Integer pktLenOverride;
    private Integer payLenOverride;
    private Integer padCntOverride;
    private boolean badIcrc;
    private boolean badVcrc;
    private int truncateBy;
    private int appendBytes;

    private PacketBuilder() {}

    /** An IBA transport packet. LNH becomes 3 when a GRH is set, 2 otherwise. */
    public static PacketBuilder iba(Lrh lrh, Bth bth) {
        PacketBuilder p = new PacketBuilder();
        p.lrh = Objects.requireNonNull(lrh, "lrh");
        p.bth = Objects.requireNonNull(bth, "bth");
        return p;
    }

    /**
     * A raw packet: LRH, {@code body} (the RWH or IPv6 header and the payload) and VCRC. The LRH's LNH must be 0 or 1;
     * the body must be a whole number of 4-byte words, since PktLen counts words.
     */
    public static PacketBuilder raw(Lrh lrh, byte[] body) {
        if (lrh.lnh() >= Lrh.LNH_IBA_LOCAL) {
            throw new IllegalArgumentException("a raw packet needs LNH 0 or 1, was " + lrh.lnh());
        }
        if (body.length % 4 != 0) {
            throw new IllegalArgumentException("a raw packet body must be a multiple of 4 bytes, was " + body.length);
        }
        PacketBuilder p = new PacketBuilder();
        p.lrh = lrh;
        p.rawBody = body.clone();
        return p;
    }

    public PacketBuilder grh(Grh grh) {
        this.grh = grh;
        return this;
    }

    public PacketBuilder headers(ExtHeader... hs) {
        headers.addAll(Arrays.asList(hs));
        return this;
    }

    public PacketBuilder payload(byte[] bytes) {
        this.payload = bytes.clone();
        return this;
    }

    /** Allows extended headers that do not match the opcode (malformed packets on purpose). */
    public PacketBuilder anyHeaders() {
        this.anyHeaders = true;
        return this;
    }

    /** Writes this PktLen instead of the right one; the CRCs still cover what is written. */
    public PacketBuilder pktLen(int words) {
        this.pktLenOverride = Bits.checkRange("PktLen", words, 11);
        return this;
    }

    /** Writes this GRH PayLen instead of the right one; the CRCs still cover what is written. */
    public PacketBuilder payLen(int bytes) {
        this.payLenOverride = Bits.checkRange("PayLen", bytes, 16);
        return this;
    }

    /** Writes this BTH.PadCnt instead of the right one (the pad bytes themselves stay as computed). */
    public PacketBuilder padCnt(int padCnt) {
        this.padCntOverride = Bits.checkRange("PadCnt", padCnt, 2);
        return this;
    }

    public PacketBuilder badIcrc() {
        this.badIcrc = true;
        return this;
    }

    public PacketBuilder badVcrc() {
        this.badVcrc = true;
        return this;
    }

    /** Cuts this many bytes off the end of the finished frame. */
    public PacketBuilder truncateBy(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("truncateBy must not be negative, was " + bytes);
        }
        this.truncateBy = bytes;
        return this;
    }

    /** Appends this many zero bytes after the VCRC of the finished frame (excess length). */
    public PacketBuilder appendBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("appendBytes must not be negative, was " + bytes);
        }
        this.appendBytes = bytes;
        return this;
    }

    /** The packet with every computed field filled in (before truncation or appended bytes). */
    public Packet packet() {
        return rawBody != null ? rawPacket() : ibaPacket().packet();
    }

    /** The frame, LRH through VCRC, with any requested error applied. */
    public byte[] build() {
        byte[] frame = rawBody != null ? rawPacket().encode() : ibaPacket().frame();
        if (truncateBy > frame.length) {
            throw new IllegalArgumentException(
                    "cannot truncate " + truncateBy + " bytes from a " + frame.length + "-byte frame");
        }
        return Arrays.copyOf(frame, frame.length - truncateBy + appendBytes);
    }

    private RawPacket rawPacket() {
        Lrh l = lrh.withPktLen(pktLenOverride != null ? pktLenOverride : (Lrh.SIZE + rawBody.length) / 4);
        byte[] frame = new RawPacket(l, rawBody, 0).encode();
        int vcrc = Vcrc.compute(frame, 0, frame.length - 2) ^ (badVcrc ? 0xFFFF : 0);
        return new RawPacket(l, rawBody, vcrc);
    }

    /** A finished IBA packet and its frame, encoded once (the CRCs are computed over those very bytes). */
    private record Finished(IbaPacket packet, byte[] frame) {}

    private Finished ibaPacket() {
        OpCode op = bth.opCode();
        if (!anyHeaders && op.isKnown() && !headersMatch(op.headers())) {
            throw new IllegalArgumentException(op.name() + " carries " + op.headers() + ", given " + headerTypes()
                    + " (call anyHeaders() to build it anyway)");
        }
        int padLen = (4 - payload.length % 4) % 4;
        byte[] pad = new byte[padLen];
        Bth b = bth.withPadCnt(padCntOverride != null ? padCntOverride : padLen);
        int lnh = grh != null ? Lrh.LNH_IBA_GLOBAL : Lrh.LNH_IBA_LOCAL;
        Lrh l = new Lrh(
                lrh.vl(), lrh.lver(), lrh.sl(), lrh.reserved1(), lnh, lrh.dlid(), lrh.reserved2(), 0, lrh.slid());
        IbaPacket draft = new IbaPacket(l, grh, b, headers, payload, pad, 0, 0);
        int icrcCovered = draft.icrcCoveredBytes();
        l = l.withPktLen(pktLenOverride != null ? pktLenOverride : (icrcCovered + 4) / 4);
        Grh g = grh == null
                ? null
                : grh.withPayLen(payLenOverride != null ? payLenOverride : icrcCovered + 4 - Lrh.SIZE - Grh.SIZE);
        byte[] frame = new IbaPacket(l, g, b, headers, payload, pad, 0, 0).encode();
        FrameWriter.seal(frame, icrcCovered, badIcrc ? 0xFFFFFFFF : 0, badVcrc ? 0xFFFF : 0);
        int icrc = Icrc.read(frame, icrcCovered);
        int vcrc = Vcrc.read(frame, icrcCovered + 4);
        return new Finished(new IbaPacket(l, g, b, headers, payload, pad, icrc, vcrc), frame);
    }

    private boolean headersMatch(List<ExtHeaderType> expected) {
        if (headers.size() != expected.size()) {
            return false;
        }
        for (int i = 0; i < expected.size(); i++) {
            if (headers.get(i).type() != expected.get(i)) {
                return false;
            }
        }
        return true;
    }

    private List<ExtHeaderType> headerTypes() {
        return headers.stream().map(ExtHeader::type).toList();
    }
}
