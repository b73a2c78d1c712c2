package dev.ibmesh.sm.sa;

import static dev.ibmesh.mad.sa.PathRecord.*;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.sa.PathRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.PKeys;
import dev.ibmesh.sm.activation.PortSettings;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntUnaryOperator;

/**
 * PathRecord (IBA 15.2.5.16): the paths between end ports, from the routes this SM programmed.
 *
 * <ul>
 *   <li>Ends: SGID or SLID name the source, DGID or DLID the destination; a GetTable without them lists every end
 *       port. A Get must name both ends (C15-0.1.13: else ERR_INSUFFICIENT_COMPONENTS), and answers one path. A GID
 *       whose port is unknown is ERR_INVALID_GID; an unknown LID just matches nothing.</li>
 *   <li>With LMC &gt; 0 the LID pairs come as OpenSM lists them: base+i to base+i first (Preference 0), then the
 *       other pairs (Preference 2), up to NumbPath when the mask names it.</li>
 *   <li>MTU and rate are the weakest link's; PacketLifeTime the SubnetTimeOut this SM gives (0 for a loopback).
 *       MTU, Rate and PacketLifeTime with their selectors ("greater than", "less than", "exactly", "best") narrow
 *       or reject as OpenSM does. SL is 0 (no QoS yet). Reversible is set when the way back exists.</li>
 *   <li>P_Key is that of the first partition (in the source's P_Key table) both ends may talk in, one of them a full
 *       member: the default partition's without a partitions file. Ports that share none have no path, as in
 *       OpenSM; a P_Key in the mask asks for a path in that partition only.</li>
 * </ul>
 *
 * The rest (ServiceID echoed, FlowLabel, HopLimit, TClass 0 inside a subnet) follows OpenSM.
 */
final class PathRecords implements SaTable {
    /** Preference of a base+i to base+i pair, and of any other pair (OpenSM's groups 0 and 2). */
    private static final int PREFERRED = 0;

    private static final int OTHER = 2;

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return SIZE;
    }

    @Override
    public List<PathRecord> query(SaView view, SaMad request) throws SaStatusException {
        PathRecord want = PathRecord.decode(request.data(), 0);
        long mask = request.componentMask();
        boolean get = request.header().method() == Method.GET;
        boolean namesSource = (mask & (COMP_SGID | COMP_SLID)) != 0;
        boolean namesDestination = (mask & (COMP_DGID | COMP_DLID)) != 0;
        if (get && !(namesSource && namesDestination)) {
            throw new SaStatusException(SaMad.STATUS_INSUFFICIENT_COMPONENTS, "a Get of PathRecord names both ends");
        }
        if ((mask & COMP_SL) != 0 && want.sl() != 0) {
            return List.of();
        }
        List<SmPort> sources = ends(view, mask, COMP_SGID, want.sgid(), COMP_SLID, want.slid());
        List<SmPort> destinations = ends(view, mask, COMP_DGID, want.dgid(), COMP_DLID, want.dlid());
        int limit = get ? 1 : (mask & COMP_NUMB_PATH) != 0 ? want.numbPath() : Integer.MAX_VALUE;
        List<PathRecord> paths = new ArrayList<>();
        for (SmPort s : sources) {
            for (SmPort d : destinations) {
                pairs(view, want, mask, s, d, limit, paths);
            }
        }
        return paths;
    }

    private static List<SmPort> ends(SaView view, long mask, long gidBit, byte[] gid, long lidBit, int lid)
            throws SaStatusException {
        if ((mask & gidBit) != 0) {
            SmPort p = Bits.u64(gid, 0) == view.gidPrefix() ? view.portOfGuid(Bits.u64(gid, 8)) : null;
            if (p == null) {
                throw new SaStatusException(SaMad.STATUS_INVALID_GID, "no port has GID " + hex(gid));
            }
            return (mask & lidBit) == 0 || view.portOfLid(lid) == p ? List.of(p) : List.of();
        }
        if ((mask & lidBit) != 0) {
            SmPort p = view.portOfLid(lid);
            return p == null ? List.of() : List.of(p);
        }
        return SaOrder.ports(view.endPorts());
    }

    /** The paths from {@code s} to {@code d}, one per LID pair, preferred pairs first, at most {@code limit}. */
    private static void pairs(
            SaView view, PathRecord want, long mask, SmPort s, SmPort d, int limit, List<PathRecord> out) {
        Optional<Integer> shared = view.pathPKey(s, d, (mask & COMP_PKEY) != 0 ? PKeys.base(want.pKey()) : -1);
        if (shared.isEmpty()) {
            return;
        }
        int pKey = (mask & COMP_PKEY) != 0 ? want.pKey() : shared.get();
        int[] slids = lids(view, s, mask, COMP_SLID, want.slid());
        int[] dlids = lids(view, d, mask, COMP_DLID, want.dlid());
        int found = 0;
        for (int i = 0; i < Math.min(slids.length, dlids.length) && found < limit; i++) {
            found += path(view, want, mask, s, d, slids[i], dlids[i], PREFERRED, pKey, out) ? 1 : 0;
        }
        for (int i = 0; i < slids.length && found < limit; i++) {
            for (int j = 0; j < dlids.length && found < limit; j++) {
                if (i != j) {
                    found += path(view, want, mask, s, d, slids[i], dlids[j], OTHER, pKey, out) ? 1 : 0;
                }
            }
        }
    }

    private static int[] lids(SaView view, SmPort port, long mask, long lidBit, int lid) {
        if ((mask & lidBit) != 0) {
            return new int[] {lid};
        }
        int[] lids = new int[view.lidCount(port)];
        for (int i = 0; i < lids.length; i++) {
            lids[i] = view.baseLid(port) + i;
        }
        return lids;
    }

    private static boolean path(
            SaView view,
            PathRecord want,
            long mask,
            SmPort s,
            SmPort d,
            int slid,
            int dlid,
            int preference,
            int pKey,
            List<PathRecord> out) {
        Optional<PathWalk> there = PathWalk.of(view, s, dlid);
        if (there.isEmpty()) {
            return false;
        }
        boolean reversible = PathWalk.of(view, d, slid).isPresent();
        if ((mask & COMP_REVERSIBLE) != 0 && want.reversible() == 1 && !reversible) {
            return false;
        }
        int mtu = select(
                mask,
                COMP_MTU_SELECTOR | COMP_MTU,
                want.mtuSelector(),
                there.get().mtu(),
                want.mtu(),
                r -> r - 1);
        int rate = select(
                mask,
                COMP_RATE_SELECTOR | COMP_RATE,
                want.rateSelector(),
                there.get().rate(),
                Rates.tenths(want.rate()),
                Rates::below);
        int life = select(
                mask,
                COMP_PACKET_LIFE_TIME_SELECTOR | COMP_PACKET_LIFE_TIME,
                want.packetLifeTimeSelector(),
                s == d ? 0 : PortSettings.SUBNET_TIMEOUT,
                want.packetLifeTime(),
                r -> r - 1);
        if (mtu <= 0 || rate <= 0 || life < 0) {
            return false;
        }
        out.add(new PathRecord(
                (mask & COMP_SERVICE_ID) != 0 ? want.serviceId() : 0,
                (mask & COMP_DGID) != 0 ? want.dgid() : gid(view, d),
                (mask & COMP_SGID) != 0 ? want.sgid() : gid(view, s),
                dlid,
                slid,
                0,
                0,
                0,
                0,
                0,
                reversible ? 1 : 0,
                0,
                pKey,
                0,
                0,
                SELECTOR_EXACTLY,
                mtu,
                SELECTOR_EXACTLY,
                Rates.code(rate),
                SELECTOR_EXACTLY,
                life,
                preference,
                0));
        return true;
    }

    /**
     * What a path offers once the request's selector for it applied (OpenSM's rules): "greater than" needs more than
     * asked, "less than" lowers to the next value under what was asked, "exactly" needs at least what was asked and
     * gives that. Below 0 when the path cannot have what was asked. A selector without its value is ignored.
     */
    private static int select(long mask, long bits, int selector, int value, int required, IntUnaryOperator lower) {
        if ((mask & bits) != bits) {
            return value;
        }
        return switch (selector) {
            case SELECTOR_GREATER_THAN -> value > required ? value : -1;
            case SELECTOR_LESS_THAN ->
                value < required ? value : lower.applyAsInt(required) > 0 ? lower.applyAsInt(required) : -1;
            case SELECTOR_EXACTLY -> value >= required ? required : -1;
            default -> value;
        };
    }

    private static byte[] gid(SaView view, SmPort port) {
        byte[] gid = new byte[16];
        Bits.put64(gid, 0, view.gidPrefix());
        Bits.put64(gid, 8, port.guid());
        return gid;
    }

    private static String hex(byte[] gid) {
        return String.format("%016x:%016x", Bits.u64(gid, 0), Bits.u64(gid, 8));
    }
}
