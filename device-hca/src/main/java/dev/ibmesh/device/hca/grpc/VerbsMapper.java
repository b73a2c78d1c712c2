package dev.ibmesh.device.hca.grpc;

import com.google.protobuf.ByteString;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.GlobalRoute;
import dev.ibmesh.device.hca.verbs.HcaLimits;
import dev.ibmesh.device.hca.verbs.QpCaps;
import dev.ibmesh.device.hca.verbs.QpInfo;
import dev.ibmesh.device.hca.verbs.QpInitAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.VerbsException;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.PortAttr;
import dev.ibmesh.proto.verbs.v1.PortState;
import dev.ibmesh.proto.verbs.v1.QpCap;
import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.wire.Gid;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Proto messages to verbs facade values and back. A value the facade cannot take (an unknown enum number, a uint32
 * above 2^31 - 1 where the facade counts in int, an unknown access bit, a missing required message, an opcode this
 * HCA does not implement) throws an INVALID_ARGUMENT {@link VerbsException} naming the field and the value; range
 * checks against device limits stay in the facade. Stateless.
 */
final class VerbsMapper {
    private static final int KNOWN_ACCESS_BITS = accessBits(EnumSet.allOf(Access.class));

    private VerbsMapper() {}

    // ---- scalars

    /** A uint32 the facade holds in an int: above 2^31 - 1 it is refused rather than read as negative. */
    static int u32(String field, int value) {
        if (value < 0) {
            throw VerbsErrors.invalid(
                    field + " must be at most " + Integer.MAX_VALUE + ", was " + Integer.toUnsignedString(value));
        }
        return value;
    }

    /** A handle or QP number: one above 2^31 - 1 cannot exist. */
    static int handle(String what, int value) {
        if (value < 0) {
            throw new VerbsException(
                    VerbsException.Kind.NOT_FOUND, what + " " + Integer.toUnsignedString(value) + " does not exist");
        }
        return value;
    }

    static Set<Access> access(String field, int bits) {
        if ((bits & ~KNOWN_ACCESS_BITS) != 0) {
            throw VerbsErrors.invalid(String.format(
                    "%s 0x%x has unknown bits 0x%x (known: LOCAL_WRITE 0x1,"
                            + " REMOTE_WRITE 0x2, REMOTE_READ 0x4, REMOTE_ATOMIC 0x8)",
                    field, bits, bits & ~KNOWN_ACCESS_BITS));
        }
        Set<Access> out = EnumSet.noneOf(Access.class);
        for (Access a : Access.values()) {
            if ((bits & a.bit()) != 0) {
                out.add(a);
            }
        }
        return out;
    }

    static int accessBits(Set<Access> access) {
        int bits = 0;
        for (Access a : access) {
            bits |= a.bit();
        }
        return bits;
    }

    // ---- enums (taken as numbers, so an unknown one can be named)

    static dev.ibmesh.wire.Mtu mtu(String field, int value) {
        Mtu m = Mtu.forNumber(value);
        if (m == null || m == Mtu.MTU_UNSPECIFIED) {
            throw VerbsErrors.invalid(field + " must be 1..5 (MTU_256..MTU_4096), was " + value);
        }
        return dev.ibmesh.wire.Mtu.ofCode(value);
    }

    static Mtu mtu(int code) {
        Mtu m = Mtu.forNumber(code);
        return m == null ? Mtu.MTU_UNSPECIFIED : m;
    }

    static QpType qpType(int value) {
        dev.ibmesh.proto.verbs.v1.QpType t = dev.ibmesh.proto.verbs.v1.QpType.forNumber(value);
        if (t == null || t == dev.ibmesh.proto.verbs.v1.QpType.QPT_UNSPECIFIED) {
            throw VerbsErrors.invalid("qp_type must be RC (2), UC (3) or UD (4), was " + value);
        }
        return QpType.valueOf(t.name());
    }

    static QpState qpState(String field, int value) {
        dev.ibmesh.proto.verbs.v1.QpState s = dev.ibmesh.proto.verbs.v1.QpState.forNumber(value);
        if (s == null) {
            throw VerbsErrors.invalid(field + " must be 0..6 (RESET..ERR), was " + value);
        }
        return QpState.valueOf(s.name());
    }

    static dev.ibmesh.proto.verbs.v1.QpState qpState(QpState s) {
        return dev.ibmesh.proto.verbs.v1.QpState.valueOf(s.name());
    }

    static WrOpcode wrOpcode(String field, int value) {
        dev.ibmesh.proto.verbs.v1.WrOpcode op = dev.ibmesh.proto.verbs.v1.WrOpcode.forNumber(value);
        if (op == null) {
            throw VerbsErrors.invalid(field + " must be an ibv_wr_opcode (0..9), was " + value);
        }
        if (op == dev.ibmesh.proto.verbs.v1.WrOpcode.LOCAL_INV || op == dev.ibmesh.proto.verbs.v1.WrOpcode.BIND_MW) {
            throw VerbsErrors.invalid(
                    field + " " + op + " (" + value + ") is not supported by this HCA" + " (no memory windows)");
        }
        return WrOpcode.valueOf(op.name());
    }

    // ---- device and port

    static DeviceAttr deviceAttr(HcaLimits l, VerbsHost host) {
        return DeviceAttr.newBuilder()
                .setNodeGuid(host.nodeGuid())
                .setSysImageGuid(host.sysImageGuid())
                .setVendorId(host.vendorId())
                .setVendorPartId(host.vendorPartId())
                .setPhysPortCnt(host.portCount())
                .setMaxQp(l.maxQp())
                .setMaxQpWr(l.maxQpWr())
                .setMaxSge(l.maxSge())
                .setMaxCq(l.maxCq())
                .setMaxCqe(l.maxCqe())
                .setMaxMr(l.maxMr())
                .setMaxMrSize(l.maxMrSize())
                .setMaxPd(l.maxPd())
                .setMaxQpRdAtom(l.maxQpRdAtom())
                .setMaxQpInitRdAtom(l.maxQpInitRdAtom())
                .setNodeDesc(host.nodeDescription())
                .build();
    }

    /** The facade's view of a port, completed from the port's PortInfo (what the kernel reads for ibv_query_port). */
    static PortAttr portAttr(dev.ibmesh.device.hca.verbs.PortAttr p, PortInfo info, long portGuid) {
        PortState state = PortState.forNumber(info.portState());
        return PortAttr.newBuilder()
                .setState(state == null ? PortState.PORT_NOP : state)
                .setMaxMtu(mtu(info.mtuCap()))
                .setActiveMtu(mtu(p.activeMtu().code()))
                .setLid(p.lid())
                .setLmc(p.lmc())
                .setSmLid(info.masterSmLid())
                .setSmSl(info.masterSmSl())
                .setPortCapFlags(info.capabilityMask())
                .setPkeyTblLen(p.pkeyTableSize())
                .setActiveWidth(info.linkWidthActive())
                .setActiveSpeed(activeSpeed(info))
                .setPhysState(info.portPhysicalState())
                .setPortGuid(portGuid)
                .build();
    }

    /**
     * ibv_port_attr.active_speed: SDR 1, DDR 2, QDR 4 as LinkSpeedActive has them; an extended speed
     * (LinkSpeedExtActive FDR 1, EDR 2, HDR 4, NDR 8) becomes FDR 16, EDR 32, HDR 64, NDR 128.
     */
    static int activeSpeed(PortInfo info) {
        int ext = info.linkSpeedExtActive();
        return ext != 0 ? ext << 4 : info.linkSpeedActive();
    }

    // ---- QPs

    static QpInitAttr qpInitAttr(CreateQpRequest r) {
        if (!r.hasCap()) {
            throw VerbsErrors.invalid("cap is required (max_send_wr, max_recv_wr, max_send_sge, max_recv_sge)");
        }
        return new QpInitAttr(
                qpType(r.getQpTypeValue()),
                handle("PD", r.getPdHandle()),
                handle("CQ", r.getSendCqHandle()),
                handle("CQ", r.getRecvCqHandle()),
                qpCaps("cap", r.getCap()),
                r.getSqSigAll());
    }

    static QpCaps qpCaps(String field, QpCap c) {
        return new QpCaps(
                u32(field + ".max_send_wr", c.getMaxSendWr()),
                u32(field + ".max_recv_wr", c.getMaxRecvWr()),
                u32(field + ".max_send_sge", c.getMaxSendSge()),
                u32(field + ".max_recv_sge", c.getMaxRecvSge()),
                u32(field + ".max_inline_data", c.getMaxInlineData()));
    }

    static QpCap qpCap(QpCaps c) {
        return QpCap.newBuilder()
                .setMaxSendWr(c.maxSendWr())
                .setMaxRecvWr(c.maxRecvWr())
                .setMaxSendSge(c.maxSendSge())
                .setMaxRecvSge(c.maxRecvSge())
                .setMaxInlineData(c.maxInlineData())
                .build();
    }

    /** The attributes present in {@code a}, each added to the modify's mask. */
    static dev.ibmesh.device.hca.verbs.QpAttr qpAttr(dev.ibmesh.proto.verbs.v1.QpAttr a) {
        if (a.hasCap()) {
            throw VerbsErrors.invalid("attr.cap: resizing a QP (IBV_QP_CAP) is not supported by this HCA");
        }
        if (a.hasEnSqdAsyncNotify()) {
            throw VerbsErrors.invalid("attr.en_sqd_async_notify: SQD events are not supported by this HCA");
        }
        dev.ibmesh.device.hca.verbs.QpAttr out = new dev.ibmesh.device.hca.verbs.QpAttr();
        if (a.hasQpState()) {
            out.state(qpState("attr.qp_state", a.getQpStateValue()));
        }
        if (a.hasCurQpState()) {
            out.curState(qpState("attr.cur_qp_state", a.getCurQpStateValue()));
        }
        if (a.hasPathMtu()) {
            out.pathMtu(mtu("attr.path_mtu", a.getPathMtuValue()));
        }
        if (a.hasQkey()) {
            out.qkey(a.getQkey());
        }
        if (a.hasRqPsn()) {
            out.rqPsn(u32("attr.rq_psn", a.getRqPsn()));
        }
        if (a.hasSqPsn()) {
            out.sqPsn(u32("attr.sq_psn", a.getSqPsn()));
        }
        if (a.hasDestQpNum()) {
            out.destQpn(u32("attr.dest_qp_num", a.getDestQpNum()));
        }
        if (a.hasQpAccessFlags()) {
            out.accessFlags(access("attr.qp_access_flags", a.getQpAccessFlags()));
        }
        if (a.hasAhAttr()) {
            out.av(addressVector("attr.ah_attr", a.getAhAttr()));
        }
        if (a.hasPkeyIndex()) {
            out.pkeyIndex(u32("attr.pkey_index", a.getPkeyIndex()));
        }
        if (a.hasMaxRdAtomic()) {
            out.maxRdAtomic(u32("attr.max_rd_atomic", a.getMaxRdAtomic()));
        }
        if (a.hasMaxDestRdAtomic()) {
            out.maxDestRdAtomic(u32("attr.max_dest_rd_atomic", a.getMaxDestRdAtomic()));
        }
        if (a.hasMinRnrTimer()) {
            out.minRnrTimer(u32("attr.min_rnr_timer", a.getMinRnrTimer()));
        }
        if (a.hasPortNum()) {
            out.port(u32("attr.port_num", a.getPortNum()));
        }
        if (a.hasTimeout()) {
            out.timeout(u32("attr.timeout", a.getTimeout()));
        }
        if (a.hasRetryCnt()) {
            out.retryCnt(u32("attr.retry_cnt", a.getRetryCnt()));
        }
        if (a.hasRnrRetry()) {
            out.rnrRetry(u32("attr.rnr_retry", a.getRnrRetry()));
        }
        return out;
    }

    /** Every attribute of a QP, as ibv_query_qp fills them (ah_attr once modify-QP set one). */
    static dev.ibmesh.proto.verbs.v1.QpAttr qpAttr(QpInfo q) {
        dev.ibmesh.proto.verbs.v1.QpAttr.Builder b = dev.ibmesh.proto.verbs.v1.QpAttr.newBuilder()
                .setQpState(qpState(q.state()))
                .setCurQpState(qpState(q.state()))
                .setPathMtu(mtu(q.pathMtu().code()))
                .setQkey(q.qkey())
                .setRqPsn(q.rqPsn())
                .setSqPsn(q.sqPsn())
                .setDestQpNum(q.destQpn())
                .setQpAccessFlags(accessBits(q.accessFlags()))
                .setCap(qpCap(q.caps()))
                .setPkeyIndex(q.pkeyIndex())
                .setMaxRdAtomic(q.maxRdAtomic())
                .setMaxDestRdAtomic(q.maxDestRdAtomic())
                .setMinRnrTimer(q.minRnrTimer())
                .setPortNum(q.port())
                .setTimeout(q.timeout())
                .setRetryCnt(q.retryCnt())
                .setRnrRetry(q.rnrRetry());
        if (q.av() != null) {
            b.setAhAttr(ahAttr(q.av()));
        }
        return b.build();
    }

    /** A multicast request's gid: 16 bytes. */
    static Gid mgid(ByteString raw) {
        if (raw.size() != Gid.SIZE) {
            throw VerbsErrors.invalid("gid must be " + Gid.SIZE + " bytes, was " + raw.size());
        }
        return Gid.decode(raw.toByteArray(), 0);
    }

    static AddressVector addressVector(String field, AhAttr a) {
        GlobalRoute grh = null;
        if (a.hasGrh()) {
            dev.ibmesh.proto.verbs.v1.GlobalRoute g = a.getGrh();
            if (g.getDgid().size() != Gid.SIZE) {
                throw VerbsErrors.invalid(field + ".grh.dgid must be " + Gid.SIZE + " bytes, was "
                        + g.getDgid().size());
            }
            grh = new GlobalRoute(
                    Gid.decode(g.getDgid().toByteArray(), 0),
                    g.getFlowLabel(),
                    g.getSgidIndex(),
                    g.getHopLimit(),
                    g.getTrafficClass());
        }
        return new AddressVector(
                u32(field + ".dlid", a.getDlid()),
                u32(field + ".sl", a.getSl()),
                u32(field + ".src_path_bits", a.getSrcPathBits()),
                u32(field + ".port_num", a.getPortNum()),
                grh);
    }

    static AhAttr ahAttr(AddressVector av) {
        AhAttr.Builder b = AhAttr.newBuilder()
                .setDlid(av.dlid())
                .setSl(av.sl())
                .setSrcPathBits(av.srcPathBits())
                .setPortNum(av.port());
        if (av.grh() != null) {
            byte[] gid = new byte[Gid.SIZE];
            av.grh().dgid().encode(gid, 0);
            dev.ibmesh.proto.verbs.v1.GlobalRoute.Builder g = dev.ibmesh.proto.verbs.v1.GlobalRoute.newBuilder()
                    .setDgid(ByteString.copyFrom(gid))
                    .setFlowLabel(av.grh().flowLabel())
                    .setSgidIndex(av.grh().sgidIndex())
                    .setHopLimit(av.grh().hopLimit())
                    .setTrafficClass(av.grh().trafficClass());
            b.setGrh(g);
        }
        return b.build();
    }

    // ---- work requests and completions

    static List<SendWr> sendWrs(List<dev.ibmesh.proto.verbs.v1.SendWr> wrs) {
        List<SendWr> out = new ArrayList<>(wrs.size());
        for (int i = 0; i < wrs.size(); i++) {
            out.add(sendWr("wr[" + i + "]", wrs.get(i)));
        }
        return out;
    }

    private static SendWr sendWr(String at, dev.ibmesh.proto.verbs.v1.SendWr w) {
        SendWr.Builder b = SendWr.builder(w.getWrId(), wrOpcode(at + ".opcode", w.getOpcodeValue()))
                .sge(sges(at, w.getSgListList()).toArray(Sge[]::new))
                .signaled(w.getSignaled())
                .solicited(w.getSolicited())
                .imm(w.getImmData())
                .invalidate(w.getInvalidateRkey())
                .remote(w.getRemoteAddr(), w.getRkey())
                .atomic(w.getCompareAdd(), w.getSwap());
        if (w.getInline()) {
            b.inline(w.getInlineData().toByteArray());
        } else if (!w.getInlineData().isEmpty()) {
            throw VerbsErrors.invalid(
                    at + ".inline_data carries " + w.getInlineData().size() + " bytes but inline is false");
        }
        if (w.hasAh()) {
            b.ud(addressVector(at + ".ah", w.getAh()), u32(at + ".remote_qpn", w.getRemoteQpn()), w.getRemoteQkey());
        }
        return b.build();
    }

    static List<RecvWr> recvWrs(List<dev.ibmesh.proto.verbs.v1.RecvWr> wrs) {
        List<RecvWr> out = new ArrayList<>(wrs.size());
        for (int i = 0; i < wrs.size(); i++) {
            out.add(new RecvWr(
                    wrs.get(i).getWrId(), sges("wr[" + i + "]", wrs.get(i).getSgListList())));
        }
        return out;
    }

    private static List<Sge> sges(String at, List<dev.ibmesh.proto.verbs.v1.Sge> list) {
        List<Sge> out = new ArrayList<>(list.size());
        for (int j = 0; j < list.size(); j++) {
            dev.ibmesh.proto.verbs.v1.Sge s = list.get(j);
            out.add(new Sge(s.getAddr(), u32(at + ".sg_list[" + j + "].length", s.getLength()), s.getLkey()));
        }
        return out;
    }

    /** union ibv_gid: the raw bytes (network order) and the two halves. */
    static dev.ibmesh.proto.verbs.v1.Gid gid(Gid g) {
        byte[] raw = new byte[Gid.SIZE];
        g.encode(raw, 0);
        return dev.ibmesh.proto.verbs.v1.Gid.newBuilder()
                .setRaw(ByteString.copyFrom(raw))
                .setSubnetPrefix(g.prefix())
                .setInterfaceId(g.interfaceId())
                .build();
    }

    static dev.ibmesh.proto.verbs.v1.WorkCompletion workCompletion(WorkCompletion wc) {
        dev.ibmesh.proto.verbs.v1.WorkCompletion.Builder b = dev.ibmesh.proto.verbs.v1.WorkCompletion.newBuilder()
                .setWrId(wc.wrId())
                .setStatus(WcStatus.forNumber(wc.status().code()))
                .setOpcode(WcOpcode.forNumber(wc.opcode().code()))
                .setByteLen((int) wc.byteLen())
                .setQpNum(wc.qpNum())
                .setSrcQp(wc.srcQp())
                .setSlid(wc.slid())
                .setSl(wc.sl())
                .setPkeyIndex(wc.pkeyIndex())
                .setGrh(wc.grh());
        if (wc.withImm()) {
            b.setImmData(wc.immData());
        }
        if (wc.withInv()) {
            b.setInvalidatedRkey(wc.invalidatedRkey());
        }
        return b.build();
    }
}
