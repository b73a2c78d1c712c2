package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.rmpp.RmppSegments;
import dev.ibmesh.mad.sa.InformInfo;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.rmpp.RmppSender;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Subnet Administrator (IBA 15): management class 0x03 on QP1 of the master SM's port. It answers
 *
 * <ul>
 *   <li>SubnAdmGet with one record in a GetResp: ERR_NO_RECORDS when none matches, ERR_TOO_MANY_RECORDS when more
 *       than one does (C15-0.1.30);</li>
 *   <li>SubnAdmGetTable with every matching record in a GetTableResp, sent as an RMPP transfer (a single segment when
 *       it fits), records AttributeOffset * 8 bytes apart;</li>
 * </ul>
 *
 * for NodeRecord, PortInfoRecord, LinearForwardingTableRecord and PathRecord, from the subnet as the last heavy sweep
 * that brought it up left it. SubnAdmSet(InformInfo) subscribes to Notices (or, Subscribe 0, cancels): the traps the
 * SM receives are then forwarded to each matching subscriber as SubnAdmReport(Notice) (IBA 13.4.8, 15.2.5.12), which
 * the subscriber acknowledges with ReportResp. Responses carry SM_Key 0 (C15-0.1.5). Until the SM is master of a subnet that is up,
 * requests are dropped and counted, as C15-0.1.3 asks (and OpenSM does). Other methods get "method not supported",
 * other attributes "method/attribute combination not supported", another class version "bad version".
 *
 * <p>Threading: queries are answered on the SA's own thread, never on the port's or the sweep's.
 */
public final class SubnetAdministrator implements AutoCloseable {
    /** How long the sender waits for an RMPP ACK before it resends, and how often. */
    private static final Duration SEGMENT_TIMEOUT = Duration.ofMillis(200);

    private static final int SEGMENT_RETRIES = 3;

    /**
     * The SA's ClassPortInfo (IBA 13.4.8.1, 15.2.5.1): class version 2; CapabilityMask IsSubnGetSetNoticeSupported
     * (InformInfo and Reports) and IsPortInfoCapMaskMatchSupported (saquery -s); no CapabilityMask2 feature; RespTimeValue
     * 16 (4.096 us * 2^16, about 268 ms, the first step above OpenSM's 200 ms transaction timeout, as OpenSM computes
     * it); no redirection (QP1, the well-known Q_Key) and no trap forwarding set.
     */
    static final ClassPortInfo CLASS_PORT_INFO = new ClassPortInfo(
            1,
            SaMad.CLASS_VERSION,
            (1 << 1) | (1 << 13),
            0,
            16,
            new byte[16],
            0,
            0,
            0,
            0,
            0,
            0,
            1,
            Deth.GSI_Q_KEY & 0xFFFF_FFFFL,
            new byte[16],
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0);

    /** How long a subscriber has to acknowledge a Report. */
    private static final Duration REPORT_TIMEOUT = Duration.ofSeconds(1);

    private final MadPort port;
    private final Consumer<String> log;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ibmesh-sa");
        t.setDaemon(true);
        return t;
    });
    private final RmppSender sender;
    private final Subscriptions subscriptions = new Subscriptions();
    private volatile Consumer<Map<Integer, Set<Long>>> membersListener = members -> {};
    private final McMemberRecords groups = new McMemberRecords(this::membersChanged, this::groupTrap);
    private volatile Map<Integer, Set<Long>> multicastMembers = groups.membersByMlid();
    private final Map<Integer, SaTable> tables = Stream.of(
                    new NodeRecords(),
                    new PortInfoRecords(),
                    new LinearForwardingTableRecords(),
                    new PathRecords(),
                    new ServiceRecords(System::nanoTime),
                    groups,
                    new InformInfoRecords(subscriptions))
            .collect(Collectors.toUnmodifiableMap(SaTable::attributeId, Function.identity()));
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong ignored = new AtomicLong();
    private final AtomicLong reportsAcknowledged = new AtomicLong();
    private final AtomicLong reportsUnanswered = new AtomicLong();
    private volatile SaView view;
    private MadPort.Subscription requests;

    public SubnetAdministrator(MadPort port, Consumer<String> log) {
        this.port = port;
        this.log = log;
        this.sender = new RmppSender(port, thread, SEGMENT_TIMEOUT, SEGMENT_RETRIES);
    }

    /**
     * The port GUIDs of the members of each multicast group, by MLID (the IPoIB broadcast group's MLID 0xC000 always
     * there), as the SA's joins and leaves left them. Any thread.
     */
    public Map<Integer, Set<Long>> multicastMembers() {
        return multicastMembers;
    }

    /** Multicast groups in force (each has its own MLID), the broadcast group included. Any thread. */
    public int multicastGroups() {
        return multicastMembers.size();
    }

    /** Memberships of all multicast groups: a port in two groups counts twice. Any thread. */
    public int multicastMemberships() {
        return multicastMembers.values().stream().mapToInt(Set::size).sum();
    }

    /** Tells {@code listener} (on the SA's thread) the members of every group after each join or leave. */
    public void onMulticastChange(Consumer<Map<Integer, Set<Long>>> listener) {
        this.membersListener = listener;
    }

    private void membersChanged(Map<Integer, Set<Long>> members) {
        multicastMembers = members;
        membersListener.accept(members);
    }

    /** Starts receiving SA requests (they are dropped until {@link #serve}). */
    public void start() {
        requests = port.subscribe(Set.of(MgmtClass.SUBN_ADM.code()), this::arrived);
    }

    /**
     * Answers from now on for the subnet {@code now}; null stops answering (no longer master). End ports
     * that came or went since the last subnet are announced to subscribers as the SM's traps 64 and 65.
     */
    public void serve(SaView now) {
        SaView before = view;
        this.view = now;
        if (before != null && now != null) {
            later(() -> announceChanges(before, now));
        }
    }

    /** Traps 64 (GID in service) and 65 (GID out of service): the SM issues them itself, as the class manager. */
    private void announceChanges(SaView before, SaView now) {
        int smLid = now.baseLid(now.smPort());
        for (SmPort p : now.endPorts()) {
            if (before.portOfGuid(p.guid()) == null) {
                report(gidNotice(Notice.TRAP_GID_IN_SERVICE, p, now, smLid));
            }
        }
        for (SmPort p : before.endPorts()) {
            if (now.portOfGuid(p.guid()) == null) {
                report(gidNotice(Notice.TRAP_GID_OUT_OF_SERVICE, p, now, smLid));
            }
        }
    }

    /** Traps 66 and 67 (multicast group created, deleted), issued by the SM with the group's MGID. */
    private void groupTrap(int trap, Gid mgid) {
        SaView now = view;
        if (now != null) {
            byte[] gid = new byte[Gid.SIZE];
            mgid.encode(gid, 0);
            report(gidNotice(trap, gid, now, now.baseLid(now.smPort())));
        }
    }

    private static Notice gidNotice(int trap, SmPort port, SaView view, int smLid) {
        return gidNotice(trap, view.gid(port.guid()), view, smLid);
    }

    private static Notice gidNotice(int trap, byte[] gid, SaView view, int smLid) {
        return Notice.generic(
                        Notice.TYPE_SUBNET_MANAGEMENT,
                        Notice.PRODUCER_CLASS_MANAGER,
                        trap,
                        smLid,
                        0,
                        0,
                        new Notice.GidTrap(gid))
                .withIssuerGid(view.gid(view.smPort().guid()));
    }

    /** Requests answered (records or an error status). */
    public long answered() {
        return answered.get();
    }

    /** Requests dropped because the SM was not master of a subnet that is up. */
    public long ignored() {
        return ignored.get();
    }

    /** RMPP segments of GetTableResps sent again (lost segments or ACKs). */
    public long resentSegments() {
        return sender.resent();
    }

    /** Reports of Notices a subscriber acknowledged, and those it did not within {@link #REPORT_TIMEOUT}. */
    public long reportsAcknowledged() {
        return reportsAcknowledged.get();
    }

    public long reportsUnanswered() {
        return reportsUnanswered.get();
    }

    /** InformInfo subscriptions in force. */
    public int subscriptions() {
        return subscriptions.size();
    }

    /**
     * A trap the SM received (an SMP carrying a Notice): reported to every subscriber whose InformInfo matches it,
     * with the IssuerGID of the port that owns the issuer's LID.
     */
    public void forward(HostMad trap) {
        Notice smpNotice = Notice.decodeSmp(Smp.decode(trap.mad()).data(), 0);
        later(() -> forwardTrap(smpNotice));
    }

    private void forwardTrap(Notice n) {
        SaView now = view;
        SmPort issuer = now == null ? null : now.portOfLid(n.issuerLid());
        report(n.withIssuerGid(issuer == null ? new byte[16] : now.gid(issuer.guid())));
    }

    /** Sends {@code notice} as a Report to every subscriber whose InformInfo matches it. */
    private void report(Notice notice) {
        for (Subscriptions.Subscription s : subscriptions.matching(notice, notice.issuerLid())) {
            MadHeader h = MadHeader.of(
                    MgmtClass.SUBN_ADM,
                    SaMad.CLASS_VERSION,
                    Method.REPORT,
                    port.newTransactionId(),
                    Notice.ATTRIBUTE_ID,
                    0);
            int qp = s.info().qpn() == 0 ? 1 : s.info().qpn();
            HostMad report = new HostMad(
                    s.subscriberLid(),
                    0,
                    qp,
                    Deth.GSI_Q_KEY,
                    0,
                    SaMad.of(h, 0, 0, 0, notice.toBytes()).encode());
            port.request(report, REPORT_TIMEOUT).whenComplete((resp, e) -> {
                if (e == null && resp.mad().header().method() == Method.REPORT_RESP) {
                    reportsAcknowledged.incrementAndGet();
                } else {
                    reportsUnanswered.incrementAndGet();
                }
            });
        }
    }

    /** SubnAdmSet adds or updates, answered by a GetResp; SubnAdmDelete removes, answered by a DeleteResp. */
    private void write(HostMad mad, SaMad request, SaWritableTable table, SaView now) {
        try {
            Optional<? extends Attribute> r = request.header().method() == Method.SET
                    ? Optional.of(table.set(now, request))
                    : table.delete(now, request);
            if (r.isEmpty()) {
                error(mad, request, SaMad.STATUS_NO_RECORDS);
                return;
            }
            answerWith(mad, request, r.get());
        } catch (SaStatusException e) {
            error(mad, request, e.status());
        }
    }

    /** The method of the response to {@code method}: its response bit set, but GetResp for a Set (IBA 13.4.5). */
    private static int responseMethod(int method) {
        return method == Method.SET ? Method.GET_RESP : method | Method.RESPONSE_BIT;
    }

    /** SubnAdmSet(InformInfo): the GetResp echoes the InformInfo (IBA 13.4.8.3). */
    private void inform(HostMad mad, SaMad request) {
        InformInfo info = InformInfo.decode(request.data(), 0);
        if (subscriptions.apply(mad.remoteLid(), info)) {
            log.accept(String.format(
                    "SA: LID %d %s %s",
                    mad.remoteLid(),
                    info.subscribes() ? "subscribed to" : "cancelled",
                    info.genericForm() ? "trap " + (info.trapNumber() == 0xFFFF ? "all" : info.trapNumber()) : info));
        }
        answerWith(mad, request, info);
    }

    /** GetTableResp transfers whose receiver never acknowledged the last segment. */
    public long abortedTransfers() {
        return sender.aborted();
    }

    private void arrived(HostMad mad) {
        if (sender.offer(mad) || mad.mad().header().isResponse()) {
            return;
        }
        boolean queued = later(() -> {
            try {
                answer(mad);
            } catch (RuntimeException e) {
                log.accept("SA: could not answer " + mad.mad() + ": " + e);
            }
        });
        if (!queued) {
            ignored.incrementAndGet();
        }
    }

    private void answer(HostMad mad) {
        SaView now = view;
        if (now == null) {
            ignored.incrementAndGet();
            return;
        }
        SaMad request = SaMad.decode(mad.mad());
        int method = request.header().method();
        SaTable table = tables.get(request.header().attributeId());
        answered.incrementAndGet();
        if (request.header().classVersion() != SaMad.CLASS_VERSION) {
            error(mad, request, MadStatus.ofCode(MadStatus.CODE_BAD_VERSION));
        } else if (method == Method.GET && request.header().attributeId() == ClassPortInfo.ATTRIBUTE_ID) {
            answerWith(mad, request, CLASS_PORT_INFO);
        } else if (method == Method.SET && request.header().attributeId() == InformInfo.ATTRIBUTE_ID) {
            inform(mad, request);
        } else if (table instanceof SaWritableTable writable && (method == Method.SET || method == Method.DELETE)) {
            write(mad, request, writable, now);
        } else if (method != Method.GET && method != Method.GET_TABLE) {
            error(mad, request, MadStatus.ofCode(MadStatus.CODE_METHOD_UNSUPPORTED));
        } else if (table == null) {
            error(mad, request, MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED));
        } else {
            try {
                respond(mad, request, table, table.query(now, request));
            } catch (SaStatusException e) {
                error(mad, request, e.status());
            }
        }
    }

    private void respond(HostMad mad, SaMad request, SaTable table, List<? extends Attribute> records) {
        if (request.header().method() == Method.GET) {
            if (records.size() != 1) {
                error(mad, request, records.isEmpty() ? SaMad.STATUS_NO_RECORDS : SaMad.STATUS_TOO_MANY_RECORDS);
                return;
            }
            answerWith(mad, request, records.get(0));
            return;
        }
        int stride = SaMad.attributeOffsetFor(table.recordSize()) * 8;
        byte[] data = new byte[records.size() * stride];
        for (int i = 0; i < records.size(); i++) {
            records.get(i).encode(data, i * stride);
        }
        SaMad header = SaMad.of(
                request.header().withMethod(Method.GET_TABLE_RESP),
                0,
                records.isEmpty() ? 0 : stride / 8,
                request.componentMask(),
                new byte[0]);
        List<byte[]> segments = RmppSegments.split(header.encode().toBytes(), SaMad.DATA_OFFSET, data);
        sender.send(mad, segments).exceptionally(e -> {
            log.accept("SA: GetTableResp to LID " + mad.remoteLid() + " not acknowledged: " + e.getMessage());
            return null;
        });
    }

    /** One record in the response to {@code request} (GetResp, or DeleteResp for a Delete), with SM_Key 0. */
    private void answerWith(HostMad mad, SaMad request, Attribute record) {
        MadHeader h =
                request.header().withMethod(responseMethod(request.header().method()));
        port.send(mad.reply(SaMad.of(h, 0, request.componentMask(), record).encode()));
    }

    /** The request's header and data back, the response bit set, with {@code status} and SM_Key 0. */
    private void error(HostMad mad, SaMad request, int status) {
        MadHeader h = request.header()
                .withMethod(responseMethod(request.header().method()))
                .withStatus(status);
        port.send(mad.reply(
                SaMad.of(h, 0, 0, request.componentMask(), request.data()).encode()));
    }

    /** Runs {@code task} on the SA's thread; false once the SA is closed (nothing runs then). */
    private boolean later(Runnable task) {
        try {
            thread.execute(task);
            return true;
        } catch (RejectedExecutionException closed) {
            return false;
        }
    }

    @Override
    public void close() {
        if (requests != null) {
            requests.close();
        }
        thread.shutdownNow();
    }
}
