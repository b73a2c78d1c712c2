package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Lrh;
import java.util.List;
import java.util.Set;

/**
 * Every verb of one HCA, modelled on libibverbs: query device and port, PDs, memory regions, CQs, QPs and their state
 * machine, post send, post receive, poll, and reading and writing registered memory (so a test can check RDMA and
 * atomic results). An invalid request throws {@link VerbsException} and changes nothing: every check runs before the
 * first change. Not thread-safe: call it on the device's event loop.
 *
 * <p>Handles, QP numbers and memory keys count up from values fixed by the node GUID ({@link HandleSeed}): the same
 * on every run of one HCA, different from HCA to HCA.
 */
public final class Verbs {
    /** QPNs have 24 bits; 0 and 1 are the SMI and GSI QPs (IBA 10.2.5), 0xFFFFFF the multicast QPN (IBA 9.6.1). */
    private static final int MIN_QPN = 2;

    private static final int MAX_QPN = 0xFFFFFE;
    /** PD, CQ and MR handles; an MR's handle is also the 24-bit index in its keys. */
    private static final int MAX_HANDLE = 0xFFFFFF;

    private static final int PSN_MAX = 0xFFFFFF;

    private final HcaLimits limits;
    private final HcaPortView ports;
    private final QpHooks hooks;
    private final MemoryTable memory = new MemoryTable();
    private final HandleTable<ProtectionDomain> pds;
    private final HandleTable<MemoryRegion> mrs;
    private final HandleTable<CompletionQueue> cqs;
    private final HandleTable<QueuePair> qps;
    private final MemoryKeys keys;
    private final McastAttachments attachments = new McastAttachments();

    public Verbs(long nodeGuid, HcaLimits limits, HcaPortView ports, QpHooks hooks) {
        this.limits = limits;
        this.ports = ports;
        this.hooks = hooks;
        this.pds = table(nodeGuid, "PD", 1, MAX_HANDLE, limits.maxPd());
        this.mrs = table(nodeGuid, "MR", 1, MAX_HANDLE, limits.maxMr());
        this.cqs = table(nodeGuid, "CQ", 1, MAX_HANDLE, limits.maxCq());
        this.qps = table(nodeGuid, "QP", MIN_QPN, MAX_QPN, limits.maxQp());
        this.keys = new MemoryKeys(nodeGuid);
    }

    private static <T> HandleTable<T> table(long nodeGuid, String what, int min, int max, int limit) {
        return new HandleTable<>(what, min, max, HandleSeed.in(nodeGuid, what, min, max), limit);
    }

    /** The regions by key, for the transport. */
    public MemoryTable memory() {
        return memory;
    }

    /** The QP with this number, for the transport; null when there is none. */
    public QueuePair findQp(int qpn) {
        return qps.find(qpn);
    }

    public HcaLimits queryDevice() {
        return limits;
    }

    public PortAttr queryPort(int port) {
        checkPort(port);
        return new PortAttr(
                port,
                ports.isActive(port),
                ports.lid(port),
                ports.lmc(port),
                ports.mtu(port),
                ports.pkeyTableSize(port));
    }

    /**
     * The port's GID at {@code index}, as ibv_query_gid: index 0 is the port's default GID, the subnet prefix of its
     * PortInfo.GidPrefix and its port GUID as interface ID (IBA 4.1.1 [unverified]).
     */
    public Gid queryGid(int port, int index) {
        checkPort(port);
        Gid gid = index < 0 ? null : ports.gid(port, index);
        if (gid == null) {
            throw VerbsException.invalid("port " + port + " has no GID at index " + Integer.toUnsignedString(index));
        }
        return gid;
    }

    public int allocPd() {
        int h = pds.reserve();
        pds.put(h, new ProtectionDomain(h));
        return h;
    }

    public void deallocPd(int pd) {
        ProtectionDomain p = pds.get(pd);
        if (p.users > 0) {
            throw VerbsException.precondition("PD " + pd + " is still used by " + p.users + " MRs and QPs");
        }
        pds.remove(pd);
    }

    /**
     * Registers {@code length} zeroed bytes at virtual address {@code va}. Remote write or remote atomic access needs
     * local write too (IBA 10.6.3.1; libibverbs answers EINVAL).
     */
    public MrInfo regMr(int pd, long va, int length, Set<Access> access) {
        ProtectionDomain p = pds.get(pd);
        VerbsException.range("length", length, 1, limits.maxMrSize());
        if (Long.compareUnsigned(va + length, va) < 0) {
            throw VerbsException.invalid(String.format("addr 0x%x + length %d wraps past 2^64", va, length));
        }
        if ((access.contains(Access.REMOTE_WRITE) || access.contains(Access.REMOTE_ATOMIC))
                && !access.contains(Access.LOCAL_WRITE)) {
            throw VerbsException.invalid("access " + access + ": REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
        int h = mrs.reserve();
        MemoryKeys.Keys k = keys.next(h);
        MemoryRegion mr = new MemoryRegion(h, p, va, length, k.lkey(), k.rkey(), access);
        mrs.put(h, mr);
        memory.add(mr);
        p.users++;
        return info(mr);
    }

    public void deregMr(int mr) {
        MemoryRegion m = mrs.get(mr);
        mrs.remove(mr);
        memory.remove(m);
        m.pd().users--;
    }

    public int createCq(int cqe) {
        VerbsException.range("cqe", cqe, 1, limits.maxCqe());
        int h = cqs.reserve();
        cqs.put(h, new CompletionQueue(h, cqe));
        return h;
    }

    /** Destroys an unused CQ; its completion channel, if any, is told it closed. */
    public void destroyCq(int cq) {
        CompletionQueue c = cqs.get(cq);
        if (c.users > 0) {
            throw VerbsException.precondition("CQ " + cq + " is still used by " + c.users + " QPs");
        }
        cqs.remove(cq);
        CompletionChannel ch = c.channel;
        c.channel = null;
        if (ch != null) {
            ch.closed();
        }
    }

    /**
     * Attaches a completion channel to the CQ: told of every completion from now on. One per CQ (as a CQ has one
     * ibv_comp_channel); a second is refused.
     */
    public void attachChannel(int cq, CompletionChannel channel) {
        CompletionQueue c = cqs.get(cq);
        if (c.channel != null) {
            throw VerbsException.precondition("CQ " + cq + " already has a completion channel (one per CQ)");
        }
        c.channel = channel;
    }

    /** Detaches {@code channel} from the CQ; nothing when the CQ is gone or has another channel. */
    public void detachChannel(int cq, CompletionChannel channel) {
        CompletionQueue c = cqs.find(cq);
        if (c != null && c.channel == channel) {
            c.channel = null;
        }
    }

    /** Up to {@code max} completions, oldest first. A CQ that overran fails (IBA 11.4.2.1 [unverified]). */
    public List<WorkCompletion> pollCq(int cq, int max) {
        CompletionQueue c = cqs.get(cq);
        VerbsException.range("num_entries", max, 1, Integer.MAX_VALUE);
        if (c.overrun()) {
            throw VerbsException.precondition("CQ " + cq + " overran its " + c.capacity() + " entries");
        }
        return c.poll(max);
    }

    public int createQp(QpInitAttr init) {
        if (init.type() == null) {
            throw VerbsException.invalid("qp_type is required");
        }
        ProtectionDomain pd = pds.get(init.pd());
        CompletionQueue scq = cqs.get(init.sendCq());
        CompletionQueue rcq = cqs.get(init.recvCq());
        QpCaps c = init.caps();
        VerbsException.range("cap.max_send_wr", c.maxSendWr(), 1, limits.maxQpWr());
        VerbsException.range("cap.max_recv_wr", c.maxRecvWr(), 1, limits.maxQpWr());
        VerbsException.range("cap.max_send_sge", c.maxSendSge(), 1, limits.maxSge());
        VerbsException.range("cap.max_recv_sge", c.maxRecvSge(), 1, limits.maxSge());
        VerbsException.range("cap.max_inline_data", c.maxInlineData(), 0, limits.maxInlineData());
        int qpn = qps.reserve();
        QueuePair qp = new QueuePair(qpn, init, pd, scq, rcq);
        qps.put(qpn, qp);
        pd.users++;
        scq.users++;
        rcq.users++;
        hooks.created(qp);
        return qpn;
    }

    /** Moves a QP through its state machine with the attributes the transition takes (see {@link QpTransitions}). */
    public void modifyQp(int qpn, QpAttr a) {
        QueuePair qp = qps.get(qpn);
        Set<QpAttrMask> mask = a.mask();
        if (mask.contains(QpAttrMask.CUR_STATE) && a.curState != qp.state) {
            throw VerbsException.precondition("cur_qp_state " + a.curState + " but QP " + qpn + " is in " + qp.state);
        }
        QpState next = mask.contains(QpAttrMask.STATE) ? a.state : qp.state;
        if (next == null) {
            throw VerbsException.invalid("qp_state is required with IBV_QP_STATE");
        }
        QpTransitions.check(qp.type(), qp.state, next, mask);
        checkValues(qp, a, mask);
        apply(qp, a, mask);
        QpState from = qp.state;
        qp.state = next;
        hooks.modified(qp, from);
    }

    private void checkValues(QueuePair qp, QpAttr a, Set<QpAttrMask> mask) {
        int port = mask.contains(QpAttrMask.PORT) ? a.port : qp.port;
        if (mask.contains(QpAttrMask.PORT)) {
            checkPort(a.port);
        }
        if (mask.contains(QpAttrMask.PKEY_INDEX)) {
            VerbsException.range("pkey_index", a.pkeyIndex, 0, ports.pkeyTableSize(port) - 1L);
        }
        if (mask.contains(QpAttrMask.AV)) {
            if (a.av == null) {
                throw VerbsException.invalid("ah_attr is required with IBV_QP_AV");
            }
            checkPort(a.av.port());
        }
        if (mask.contains(QpAttrMask.PATH_MTU) && a.pathMtu == null) {
            throw VerbsException.invalid("path_mtu is required with IBV_QP_PATH_MTU");
        }
        if (mask.contains(QpAttrMask.ACCESS_FLAGS) && a.accessFlags == null) {
            throw VerbsException.invalid("qp_access_flags is required with IBV_QP_ACCESS_FLAGS");
        }
        rangeIf(mask, QpAttrMask.TIMEOUT, "timeout", a.timeout, 31);
        rangeIf(mask, QpAttrMask.RETRY_CNT, "retry_cnt", a.retryCnt, 7);
        rangeIf(mask, QpAttrMask.RNR_RETRY, "rnr_retry", a.rnrRetry, 7);
        rangeIf(mask, QpAttrMask.MIN_RNR_TIMER, "min_rnr_timer", a.minRnrTimer, 31);
        rangeIf(mask, QpAttrMask.RQ_PSN, "rq_psn", a.rqPsn, PSN_MAX);
        rangeIf(mask, QpAttrMask.SQ_PSN, "sq_psn", a.sqPsn, PSN_MAX);
        rangeIf(mask, QpAttrMask.DEST_QPN, "dest_qp_num", a.destQpn, PSN_MAX);
        rangeIf(mask, QpAttrMask.MAX_QP_RD_ATOMIC, "max_rd_atomic", a.maxRdAtomic, limits.maxQpInitRdAtom());
        rangeIf(mask, QpAttrMask.MAX_DEST_RD_ATOMIC, "max_dest_rd_atomic", a.maxDestRdAtomic, limits.maxQpRdAtom());
    }

    private static void rangeIf(Set<QpAttrMask> mask, QpAttrMask m, String field, int value, long max) {
        if (mask.contains(m)) {
            VerbsException.range(field, value, 0, max);
        }
    }

    private static void apply(QueuePair qp, QpAttr a, Set<QpAttrMask> mask) {
        for (QpAttrMask m : mask) {
            switch (m) {
                case ACCESS_FLAGS -> qp.accessFlags = Set.copyOf(a.accessFlags);
                case PKEY_INDEX -> qp.pkeyIndex = a.pkeyIndex;
                case PORT -> qp.port = a.port;
                case QKEY -> qp.qkey = a.qkey;
                case AV -> qp.av = a.av;
                case PATH_MTU -> qp.pathMtu = a.pathMtu;
                case TIMEOUT -> qp.timeout = a.timeout;
                case RETRY_CNT -> qp.retryCnt = a.retryCnt;
                case RNR_RETRY -> qp.rnrRetry = a.rnrRetry;
                case RQ_PSN -> qp.rqPsn = a.rqPsn;
                case MAX_QP_RD_ATOMIC -> qp.maxRdAtomic = a.maxRdAtomic;
                case MIN_RNR_TIMER -> qp.minRnrTimer = a.minRnrTimer;
                case SQ_PSN -> qp.sqPsn = a.sqPsn;
                case MAX_DEST_RD_ATOMIC -> qp.maxDestRdAtomic = a.maxDestRdAtomic;
                case DEST_QPN -> qp.destQpn = a.destQpn;
                default -> {
                    // STATE and CUR_STATE are handled by modifyQp.
                }
            }
        }
    }

    /** The QP's attributes; sq_psn and rq_psn are the current ones (the next to send, the next expected). */
    public QpInfo queryQp(int qpn) {
        QueuePair qp = qps.get(qpn);
        return QpInfo.of(qp, hooks.sqPsn(qp), hooks.rqPsn(qp));
    }

    public void destroyQp(int qpn) {
        QueuePair qp = qps.get(qpn);
        attachments.forget(qpn);
        hooks.destroyed(qp);
        qps.remove(qpn);
        qp.pd().users--;
        qp.sendCq().users--;
        qp.recvCq().users--;
    }

    /**
     * Attaches a UD QP to the multicast group {@code mgid} on {@code mlid} (IBA 11.2.7, ibv_attach_mcast): it receives
     * what is sent to the group from now on. Joining the group at the SA (MCMemberRecord) is the caller's business, as
     * with libibverbs.
     */
    public void attachMcast(int qpn, Gid mgid, int mlid) {
        QueuePair qp = qps.get(qpn);
        if (qp.type() != QpType.UD) {
            throw VerbsException.invalid(
                    "QP " + qpn + " is " + qp.type() + "; only a UD QP attaches to a multicast group");
        }
        if (!Lrh.isMulticast(mlid)) {
            throw VerbsException.invalid(String.format("mlid 0x%04x is not a multicast LID (0xC000-0xFFFE)", mlid));
        }
        if (mgid.prefix() >>> 56 != 0xFF) {
            throw VerbsException.invalid("gid " + mgid + " is not a multicast GID (ff00::/8)");
        }
        attachments.attach(qpn, mgid, mlid);
    }

    /** Detaches a QP from a group it was attached to (ibv_detach_mcast). */
    public void detachMcast(int qpn, Gid mgid, int mlid) {
        qps.get(qpn);
        if (!attachments.detach(qpn, mgid, mlid)) {
            throw VerbsException.invalid(String.format("QP %d is not attached to %s on mlid 0x%04x", qpn, mgid, mlid));
        }
    }

    /** The multicast groups QPs are attached to, for the transport's delivery. */
    public McastAttachments attachments() {
        return attachments;
    }

    /**
     * Posts send requests, all or none. A QP in RESET, INIT or RTR cannot send (IBA 10.3.1); in SQE or ERR the
     * requests complete at once with WR_FLUSH_ERR; in SQD they wait for RTS.
     */
    public void postSend(int qpn, List<SendWr> wrs) {
        QueuePair qp = qps.get(qpn);
        if (qp.state == QpState.RESET || qp.state == QpState.INIT || qp.state == QpState.RTR) {
            throw VerbsException.precondition(
                    "QP " + qpn + " is in " + qp.state + "; post_send needs RTS, SQD, SQE or ERR");
        }
        WorkQueue<SendWr> sq = qp.sendQueue();
        if (sq.depth() + wrs.size() > sq.capacity()) {
            throw VerbsException.exhausted(
                    "send queue of QP " + qpn + " (max_send_wr)", sq.capacity(), (long) sq.depth() + wrs.size());
        }
        for (int i = 0; i < wrs.size(); i++) {
            checkSendWr(qp, wrs.get(i), "wr[" + i + "]");
        }
        wrs.forEach(sq::post);
        hooks.sendPosted(qp);
    }

    private void checkSendWr(QueuePair qp, SendWr wr, String at) {
        if (wr.opcode() == null || !WrOpcode.allowedOn(qp.type()).contains(wr.opcode())) {
            throw VerbsException.invalid(at + ".opcode " + wr.opcode() + " is not allowed on a " + qp.type()
                    + " QP; allowed: " + WrOpcode.allowedOn(qp.type()));
        }
        if (wr.isInline()) {
            if (!wr.sgList().isEmpty()) {
                throw VerbsException.invalid(at + ": an inline request carries its data, not "
                        + wr.sgList().size() + " SGEs");
            }
            if (wr.opcode().isReadOrAtomic()) {
                throw VerbsException.invalid(at + ".opcode " + wr.opcode() + " cannot be inline");
            }
            VerbsException.range(
                    at + ".inline_data length",
                    wr.inlineData().length,
                    0,
                    qp.caps().maxInlineData());
        } else {
            VerbsException.range(
                    at + ".num_sge", wr.sgList().size(), 0, qp.caps().maxSendSge());
            for (int j = 0; j < wr.sgList().size(); j++) {
                VerbsException.range(
                        at + ".sg_list[" + j + "].length", wr.sgList().get(j).length(), 0, Integer.MAX_VALUE);
            }
        }
        if (wr.opcode().isAtomic() && wr.length() != 8) {
            throw VerbsException.invalid(
                    at + ": an atomic needs 8 bytes of local buffer, the SGEs give " + wr.length());
        }
        if (wr.length() > Integer.MAX_VALUE) {
            throw VerbsException.invalid(at + ": message length " + wr.length() + " exceeds 2^31 - 1");
        }
        if (qp.type() == QpType.UD) {
            if (wr.ud() == null || wr.ud().av() == null) {
                throw VerbsException.invalid(at + ": a UD send needs wr.ud (ah, remote_qpn, remote_qkey)");
            }
            VerbsException.range(at + ".ud.remote_qpn", wr.ud().remoteQpn(), 0, PSN_MAX);
            checkPort(wr.ud().av().port());
        }
    }

    /**
     * Posts receive requests, all or none. A QP in RESET cannot receive (C10-97.2.1); in ERR they complete with
     * WR_FLUSH_ERR.
     */
    public void postRecv(int qpn, List<RecvWr> wrs) {
        QueuePair qp = qps.get(qpn);
        if (qp.state == QpState.RESET) {
            throw VerbsException.precondition("QP " + qpn + " is in RESET; post_recv needs INIT or later");
        }
        WorkQueue<RecvWr> rq = qp.recvQueue();
        if (rq.depth() + wrs.size() > rq.capacity()) {
            throw VerbsException.exhausted(
                    "receive queue of QP " + qpn + " (max_recv_wr)", rq.capacity(), (long) rq.depth() + wrs.size());
        }
        for (int i = 0; i < wrs.size(); i++) {
            RecvWr wr = wrs.get(i);
            VerbsException.range(
                    "wr[" + i + "].num_sge", wr.sgList().size(), 0, qp.caps().maxRecvSge());
            for (int j = 0; j < wr.sgList().size(); j++) {
                VerbsException.range(
                        "wr[" + i + "].sg_list[" + j + "].length",
                        wr.sgList().get(j).length(),
                        0,
                        Integer.MAX_VALUE);
            }
        }
        wrs.forEach(rq::post);
        hooks.recvPosted(qp);
    }

    /** The bytes of a registered region at {@code addr}. */
    public byte[] readMemory(int mr, long addr, int length) {
        MemoryRegion m = regionRange(mr, addr, length);
        byte[] out = new byte[length];
        m.read(addr, out, 0, length);
        return out;
    }

    /** Writes bytes into a registered region at {@code addr}. */
    public void writeMemory(int mr, long addr, byte[] data) {
        regionRange(mr, addr, data.length).write(addr, data, 0, data.length);
    }

    private MemoryRegion regionRange(int mr, long addr, int length) {
        MemoryRegion m = mrs.get(mr);
        if (!m.contains(addr, length)) {
            throw VerbsException.invalid(
                    String.format("[0x%x, +%d) is outside MR %d [0x%x, +%d)", addr, length, mr, m.va(), m.length()));
        }
        return m;
    }

    private void checkPort(int port) {
        VerbsException.range("port_num", port, 1, ports.portCount());
    }

    private static MrInfo info(MemoryRegion m) {
        return new MrInfo(m.handle(), m.pd().handle(), m.va(), m.length(), m.lkey(), m.rkey(), m.access());
    }
}
