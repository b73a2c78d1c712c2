package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.McMemberRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.sm.activation.PortSettings;
import dev.ibmesh.wire.Gid;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Multicast groups and their members (IBA 15.2.5.17, MCMemberRecord; the join and leave rules of 15.4.1 and the
 * IPoIB broadcast group of RFC 4391), as OpenSM keeps them:
 *
 * <ul>
 *   <li>The IPoIB broadcast group of the default partition exists from the start and is never deleted (OpenSM creates
 *       it when there is no partitions.conf): MGID ff12:401b:ffff::ffff:ffff, MLID 0xC000, Q_Key 0x0B1B, P_Key
 *       0xFFFF, MTU 2048 and 10 Gb/s (selector "exactly"), scope link-local.</li>
 *   <li>SubnAdmSet joins: MGID, PortGID and JoinState are needed (else ERR_INSUFFICIENT_COMPONENTS). An unknown or zero
 *       MGID creates a group, which also needs Q_Key, TClass, P_Key, SL and FlowLabel and a full member (else
 *       ERR_REQ_INVALID); a zero MGID gets one made up by the SA. Joining an existing group with another Q_Key or
 *       P_Key is ERR_REQ_INVALID; a member that joins again adds the JoinState bits.</li>
 *   <li>SubnAdmDelete leaves: the JoinState bits named are removed (they must all be the member's, else
 *       ERR_REQ_INVALID); a member with none left is gone, and a group with no full member left is deleted unless it
 *       is the broadcast group.</li>
 *   <li>Queries return one record per group (PortGID and JoinState zero, as OpenSM answers a requester that presents
 *       no SM_Key), or one per member when the mask names PortGID.</li>
 * </ul>
 *
 * Every change of membership is handed to the listener as the members of each MLID, for the SM to program the
 * multicast forwarding tables. A group that gains its first full member is announced as trap 66 and one that loses
 * its last as trap 67 (IBA 14.2.5.1; OpenSM reports them at the same moments, the broadcast group included).
 * Not thread-safe: owned by the SA's thread.
 */
final class McMemberRecords implements SaWritableTable {
    /** The zero GID: no member in a group's own record, "make one up" as a joiner's MGID. */
    private static final Gid ZERO = new Gid(0, 0);

    /** The IPoIB broadcast group of the default partition (RFC 4391 section 4: P_Key 0xFFFF, scope 2). */
    private static final McMemberRecord BROADCAST = new McMemberRecord(
            new Gid(0xFF12_401B_FFFF_0000L, 0x0000_0000_FFFF_FFFFL),
            ZERO,
            0x0B1B,
            0xC000,
            2,
            4,
            0,
            0xFFFF,
            2,
            3,
            2,
            PortSettings.SUBNET_TIMEOUT,
            0,
            0,
            0,
            2,
            0,
            false);

    private static final long JOIN_COMPONENTS =
            McMemberRecord.COMP_MGID | McMemberRecord.COMP_PORT_GID | McMemberRecord.COMP_JOIN_STATE;
    private static final long CREATE_COMPONENTS = JOIN_COMPONENTS
            | McMemberRecord.COMP_Q_KEY
            | McMemberRecord.COMP_TCLASS
            | McMemberRecord.COMP_P_KEY
            | McMemberRecord.COMP_SL
            | McMemberRecord.COMP_FLOW_LABEL;
    private static final int FULL = McMemberRecord.JOIN_FULL_MEMBER | McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER;
    private static final int LAST_MLID = 0xFFFE;

    /** Component ranges in bits, in McMemberRecord field order (see its layout). */
    private static final Components COMPONENTS = new Components(
            0, 128, 128, 128, 256, 32, 288, 16, 304, 2, 306, 6, 312, 8, 320, 16, 336, 2, 338, 6, 344, 2, 346, 6, 352, 4,
            356, 20, 376, 8, 384, 4, 388, 4, 392, 1);

    private final Map<Gid, Group> groups = new LinkedHashMap<>();
    private final Consumer<Map<Integer, Set<Long>>> membersChanged;
    private final BiConsumer<Integer, Gid> trap;
    private long madeUp;

    /** A group: its parameters (PortGID and JoinState zero) and each member's JoinState by port GID. */
    private record Group(McMemberRecord params, Map<Gid, Integer> members) {
        boolean hasFullMember() {
            return members.values().stream().anyMatch(state -> (state & FULL) != 0);
        }
    }

    /**
     * @param membersChanged told the port GUIDs of each MLID's members after every change of membership
     * @param trap           told trap 66 or 67 and the group's MGID
     */
    McMemberRecords(Consumer<Map<Integer, Set<Long>>> membersChanged, BiConsumer<Integer, Gid> trap) {
        this.membersChanged = membersChanged;
        this.trap = trap;
        groups.put(BROADCAST.mgid(), new Group(BROADCAST, new LinkedHashMap<>()));
    }

    @Override
    public int attributeId() {
        return McMemberRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return McMemberRecord.SIZE;
    }

    @Override
    public List<McMemberRecord> query(SaView view, SaMad request) {
        boolean perMember = (request.componentMask() & McMemberRecord.COMP_PORT_GID) != 0;
        List<McMemberRecord> found = new ArrayList<>();
        for (Group g : groups.values()) {
            List<McMemberRecord> candidates = perMember
                    ? g.members().entrySet().stream()
                            .map(m -> g.params().member(m.getKey(), m.getValue()))
                            .toList()
                    : List.of(g.params());
            for (McMemberRecord r : candidates) {
                if (COMPONENTS.match(r.toBytes(), request.data(), request.componentMask(), 0)) {
                    found.add(r);
                }
            }
        }
        return found;
    }

    @Override
    public McMemberRecord set(SaView view, SaMad request) throws SaStatusException {
        McMemberRecord join = joinRequest(view, request);
        Group g = groups.get(join.mgid());
        if (g == null || join.mgid().equals(ZERO)) {
            g = create(view, request, join);
        } else if (differs(
                        request,
                        McMemberRecord.COMP_Q_KEY,
                        join.qKey(),
                        g.params().qKey())
                || differs(
                        request,
                        McMemberRecord.COMP_P_KEY,
                        join.pKey(),
                        g.params().pKey())) {
            throw new SaStatusException(
                    SaMad.STATUS_REQ_INVALID, "Q_Key or P_Key differ from group " + join.mgid() + "'s");
        }
        boolean hadFullMember = g.hasFullMember();
        int state = g.members().merge(join.portGid(), join.joinState(), (a, b) -> a | b);
        if (!hadFullMember && g.hasFullMember()) {
            trap.accept(Notice.TRAP_MCAST_GROUP_CREATED, g.params().mgid());
        }
        changed();
        return g.params().member(join.portGid(), state);
    }

    @Override
    public Optional<McMemberRecord> delete(SaView view, SaMad request) throws SaStatusException {
        McMemberRecord leave = joinRequest(view, request);
        Group g = groups.get(leave.mgid());
        Integer state = g == null ? null : g.members().get(leave.portGid());
        if (state == null) {
            return Optional.empty();
        }
        if ((state & leave.joinState()) != leave.joinState()) {
            throw new SaStatusException(
                    SaMad.STATUS_REQ_INVALID,
                    "JoinState " + leave.joinState() + " is not all the member's (" + state + ")");
        }
        boolean hadFullMember = g.hasFullMember();
        int left = state & ~leave.joinState();
        if (left == 0) {
            g.members().remove(leave.portGid());
        } else {
            g.members().put(leave.portGid(), left);
        }
        if (hadFullMember && !g.hasFullMember()) {
            trap.accept(Notice.TRAP_MCAST_GROUP_DELETED, g.params().mgid());
            if (g != groups.get(BROADCAST.mgid())) {
                groups.remove(leave.mgid());
            }
        }
        changed();
        return Optional.of(g.params().member(leave.portGid(), left));
    }

    /**
     * The port GUIDs of each MLID's members (send-only members too: they need the tree to send), as an unmodifiable
     * snapshot other threads may read.
     */
    Map<Integer, Set<Long>> membersByMlid() {
        Map<Integer, Set<Long>> byMlid = new TreeMap<>();
        for (Group g : groups.values()) {
            Set<Long> guids = new TreeSet<>();
            g.members().keySet().forEach(gid -> guids.add(gid.interfaceId()));
            byMlid.put(g.params().mlid(), Collections.unmodifiableSet(guids));
        }
        return Collections.unmodifiableMap(byMlid);
    }

    private void changed() {
        membersChanged.accept(membersByMlid());
    }

    /** The request's record, checked: it names MGID, PortGID and JoinState, and the port is in this subnet. */
    private static McMemberRecord joinRequest(SaView view, SaMad request) throws SaStatusException {
        if ((request.componentMask() & JOIN_COMPONENTS) != JOIN_COMPONENTS) {
            throw new SaStatusException(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS, "a join or leave names MGID, PortGID and JoinState");
        }
        McMemberRecord r = McMemberRecord.decode(request.data(), 0);
        if (r.portGid().prefix() != view.gidPrefix()
                || view.portOfGuid(r.portGid().interfaceId()) == null) {
            throw new SaStatusException(SaMad.STATUS_INVALID_GID, "no port has PortGID " + r.portGid());
        }
        if (r.joinState() == 0) {
            throw new SaStatusException(SaMad.STATUS_REQ_INVALID, "JoinState 0");
        }
        return r;
    }

    /** A new group with the request's parameters and the next free MLID. */
    private Group create(SaView view, SaMad request, McMemberRecord join) throws SaStatusException {
        if ((request.componentMask() & CREATE_COMPONENTS) != CREATE_COMPONENTS) {
            throw new SaStatusException(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS,
                    "creating a group names Q_Key, TClass, P_Key, SL and FlowLabel too");
        }
        if ((join.joinState() & FULL) == 0) {
            throw new SaStatusException(SaMad.STATUS_REQ_INVALID, "only a full member creates a group");
        }
        int scope = (request.componentMask() & McMemberRecord.COMP_SCOPE) != 0 ? join.scope() : BROADCAST.scope();
        Gid mgid = join.mgid().equals(ZERO) ? madeUpMgid(view, scope) : join.mgid();
        boolean mtu = (request.componentMask() & McMemberRecord.COMP_MTU) != 0;
        boolean rate = (request.componentMask() & McMemberRecord.COMP_RATE) != 0;
        McMemberRecord params = new McMemberRecord(
                mgid,
                ZERO,
                join.qKey(),
                freeMlid(),
                2,
                mtu ? join.mtu() : BROADCAST.mtu(),
                join.tClass(),
                join.pKey(),
                2,
                rate ? join.rate() : BROADCAST.rate(),
                2,
                PortSettings.SUBNET_TIMEOUT,
                join.sl(),
                join.flowLabel(),
                join.hopLimit(),
                scope,
                0,
                false);
        Group g = new Group(params, new LinkedHashMap<>());
        groups.put(mgid, g);
        return g;
    }

    /** An MGID for a group created without one: ff1S:a01b, the subnet prefix, a counter (as OpenSM makes them). */
    private Gid madeUpMgid(SaView view, int scope) {
        madeUp++;
        long prefix = view.gidPrefix();
        return new Gid(0xFF10_A01B_0000_0000L | (long) (scope & 0xF) << 48 | prefix >>> 32, prefix << 32 | madeUp);
    }

    private int freeMlid() throws SaStatusException {
        Set<Integer> used = new TreeSet<>();
        groups.values().forEach(g -> used.add(g.params().mlid()));
        for (int mlid = BROADCAST.mlid(); mlid <= LAST_MLID; mlid++) {
            if (!used.contains(mlid)) {
                return mlid;
            }
        }
        throw new SaStatusException(SaMad.STATUS_NO_RESOURCES, "no free MLID");
    }

    private static boolean differs(SaMad request, long component, int asked, int kept) {
        return (request.componentMask() & component) != 0 && asked != kept;
    }
}
