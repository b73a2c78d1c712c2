package dev.ibmesh.text;

import dev.ibmesh.mad.AttributeNames;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Packet;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.PacketParser;
import dev.ibmesh.wire.RawPacket;
import dev.ibmesh.wire.Vcrc;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Describes captured frames for people: a one-line summary, the defects (every check is run on its own, so a frame
 * with both a bad ICRC and a bad PktLen shows both), and every field for the verbose view. Never throws on any
 * input: a frame that cannot be parsed is described as malformed with the parser's reason.
 */
public final class FrameDescriber {
    private FrameDescriber() {}

    /** A data packet (LRH through VCRC). */
    public static FrameDescription dataPacket(byte[] frame) {
        Set<Defect> defects = dataDefects(frame);
        DecodeResult parsed = PacketParser.parse(frame);
        if (parsed instanceof DecodeResult.Rejected rejected) {
            defects.add(Defect.MALFORMED);
            String lrh = frame.length >= Lrh.SIZE ? addressing(Lrh.decode(frame, 0)) + " " : "";
            return new FrameDescription(lrh + "malformed (" + rejected + ")", defects, List.of());
        }
        Packet packet = ((DecodeResult.Decoded) parsed).packet();
        List<String> details = new ArrayList<>();
        details.add("LRH " + FieldDump.of(packet.lrh()));
        String summary;
        if (packet instanceof IbaPacket p) {
            summary = ibaSummary(p, details);
        } else {
            RawPacket raw = (RawPacket) packet;
            summary = addressing(raw.lrh())
                    + (raw.lrh().lnh() == Lrh.LNH_RAW
                            ? String.format(" RAW ethertype=0x%04X", raw.etherType())
                            : " RAW-IPv6")
                    + " len=" + raw.body().length;
            details.add("Body " + FieldDump.of(raw));
        }
        details.add(String.format("CRC vcrc=0x%04X", packet.vcrc())
                + (packet instanceof IbaPacket p ? String.format(" icrc=0x%08X", p.icrc()) : ""));
        return new FrameDescription(summary, defects, details);
    }

    /** A 6-byte link (flow-control) packet; any other length is malformed. */
    public static FrameDescription linkPacket(byte[] frame) {
        if (frame.length != FlowControlPacket.SIZE) {
            return new FrameDescription(
                    "link packet of " + frame.length + " bytes (a link packet is 6)",
                    EnumSet.of(Defect.MALFORMED),
                    List.of());
        }
        FlowControlPacket fc = FlowControlPacket.decode(frame, 0);
        Set<Defect> defects =
                FlowControlPacket.isLpcrcValid(frame, 0) ? EnumSet.noneOf(Defect.class) : EnumSet.of(Defect.BAD_LPCRC);
        String summary = String.format("%s VL%d FCTBS=%d FCCL=%d", fc.opName(), fc.vl(), fc.fctbs(), fc.fccl());
        return new FrameDescription(summary, defects, List.of("FlowControl " + FieldDump.of(fc)));
    }

    private static Set<Defect> dataDefects(byte[] frame) {
        Set<Defect> defects = EnumSet.noneOf(Defect.class);
        if (frame.length < Lrh.SIZE + 2) {
            return defects;
        }
        if (!Vcrc.isValid(frame, 0, frame.length)) {
            defects.add(Defect.BAD_VCRC);
        }
        int pktBytes = frame.length - 2;
        if (Lrh.lnh(frame, 0) >= Lrh.LNH_IBA_LOCAL
                && pktBytes >= PacketCheck.MIN_IBA_PKT_BYTES
                && !PacketCheck.isIcrcValid(frame, 0, frame.length)
                && !(Lrh.lnh(frame, 0) == Lrh.LNH_IBA_GLOBAL && pktBytes < 64)) {
            defects.add(Defect.BAD_ICRC);
        }
        if (Lrh.pktLen(frame, 0) * 4 != pktBytes) {
            defects.add(Defect.BAD_PKTLEN);
        }
        if (Lrh.lver(frame, 0) != 0) {
            defects.add(Defect.BAD_LVER);
        }
        return defects;
    }

    private static String ibaSummary(IbaPacket p, List<String> details) {
        if (p.grh() != null) {
            details.add("GRH " + FieldDump.of(p.grh()));
        }
        details.add("BTH " + FieldDump.of(p.bth()));
        for (ExtHeader h : p.headers()) {
            details.add(h.type() + " " + FieldDump.of((Record) h));
        }
        OpCode op = p.bth().opCode();
        StringBuilder s = new StringBuilder(addressing(p.lrh()));
        s.append(' ')
                .append(op.name())
                .append(String.format(
                        " QP=0x%06X PSN=%d", p.bth().destQp(), p.bth().psn()));
        if (p.bth().ackReq()) {
            s.append(" A");
        }
        Aeth aeth = p.header(Aeth.class);
        if (aeth != null) {
            s.append(' ').append(aeth.describe()).append(" MSN=").append(aeth.msn());
        }
        Deth deth = p.header(Deth.class);
        if (deth != null) {
            s.append(String.format(" SrcQP=0x%X", deth.srcQp()));
        }
        if (isMad(p)) {
            s.append(' ').append(madSummary(Mad.copyOf(p.payload()), details));
        } else if (p.payload().length > 0) {
            s.append(" payload=").append(p.payload().length);
            details.add("Payload " + FieldDump.of(new Payload(p.payload(), p.pad())));
        }
        return s.toString();
    }

    private record Payload(byte[] data, byte[] pad) {}

    /** A MAD rides in a UD SEND Only to QP0 or QP1 with a payload of at least 256 bytes. */
    static boolean isMad(IbaPacket p) {
        return p.bth().opCode() == OpCode.UD_SEND_ONLY && p.bth().destQp() <= 1 && p.payload().length >= Mad.SIZE;
    }

    private static String madSummary(Mad mad, List<String> details) {
        MadHeader h = mad.header();
        MgmtClass c = h.mgmtClass();
        details.add("MAD " + FieldDump.of(h));
        details.addAll(MadLayouts.describe(mad));
        StringBuilder s = new StringBuilder()
                .append(c.name())
                .append(' ')
                .append(Method.name(h.method()))
                .append(' ')
                .append(AttributeNames.name(c, h.attributeId()))
                .append(String.format(" mod=0x%08X", h.attributeModifier()));
        if (c == MgmtClass.SUBN_DIRECTED_ROUTE) {
            DrSmp dr = DrSmp.decode(mad);
            s.append(" status=")
                    .append(MadStatus.describe(dr.status()))
                    .append(dr.direction() ? " D=1" : " D=0")
                    .append(" hop=")
                    .append(dr.hopPointer())
                    .append('/')
                    .append(dr.hopCount());
        } else {
            s.append(" status=").append(MadStatus.describe(h.status()));
        }
        s.append(String.format(" TID=0x%016X", h.transactionId()));
        return s.toString();
    }

    private static String addressing(Lrh lrh) {
        return String.format("VL%-2d SL%-2d 0x%04X->0x%04X", lrh.vl(), lrh.sl(), lrh.slid(), lrh.dlid());
    }
}
