package dev.ibmesh.runtime.port;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.RejectReason;

/**
 * The link layer's data packet check (IBA figure 25-20) for one port, in its error precedence: CRCs, length,
 * LVer (the port-independent part, {@link PacketCheck}), then VL, DLID and SLID against the port's policy. A packet
 * that fails is dropped and counted, never answered (C7-7 at a CA, C7-9 at a switch or router port).
 * Works in place on the frame bytes and allocates nothing.
 */
public final class ReceiveCheck {
    private ReceiveCheck() {}

    public static DropReason check(byte[] b, int off, int len, ReceivePolicy policy) {
        return check(b, off, len, policy, false);
    }

    /** As {@link #check(byte[], int, int, ReceivePolicy)}, for a frame whose VCRC the sender sealed in this JVM. */
    static DropReason check(byte[] b, int off, int len, ReceivePolicy policy, boolean sealed) {
        DropReason linkLevel =
                map(PacketCheck.check(b, off, len, policy.mtuCap(), policy.endNode(), policy.unchecked(), sealed));
        if (linkLevel != DropReason.NONE) {
            return linkLevel;
        }
        int vl = Lrh.vl(b, off);
        if (vl == Lrh.VL15) {
            // VL15 carries SMPs only: an IBA packet for QP0 (IBA 13.5.3.1; Linux qib_ud_rcv drops a QP0 packet
            // off VL15 and a QP1 packet on it).
            if (!isForQp0(b, off, len)) {
                return DropReason.BAD_VL;
            }
        } else if (vl >= policy.operationalVls()) {
            return DropReason.BAD_VL;
        }
        if (!policy.endNode()) {
            return DropReason.NONE;
        }
        int dlid = Lrh.dlid(b, off);
        if (!dlidMatches(dlid, vl, policy)) {
            return DropReason.BAD_DLID;
        }
        int slid = Lrh.slid(b, off);
        if (slid == 0 || Lrh.isMulticast(slid)) {
            return DropReason.BAD_SLID;
        }
        return DropReason.NONE;
    }

    /**
     * A CA or router port accepts its LID range (the DLID with the low LMC bits masked, as the spec's DLID check says:
     * C7-66 every LID of the range, C7-10 no other unicast DLID), multicast LIDs (group membership is the transport's
     * business), and the permissive LID on VL15 (directed route SMPs, which also reach a port that has no LID yet).
     */
    private static boolean dlidMatches(int dlid, int vl, ReceivePolicy policy) {
        if (dlid == Lrh.PERMISSIVE_LID) {
            return vl == Lrh.VL15;
        }
        if (Lrh.isMulticast(dlid) || policy.departs(ReceiveDeparture.NO_DLID_CHECK)) {
            return true;
        }
        int mask = policy.departs(ReceiveDeparture.IGNORE_LMC) ? ~0 : ~((1 << policy.lmc()) - 1);
        return dlid != 0 && policy.lid() != 0 && (dlid & mask) == (policy.lid() & mask);
    }

    private static boolean isForQp0(byte[] b, int off, int len) {
        int lnh = Lrh.lnh(b, off);
        int bth = lnh == Lrh.LNH_IBA_LOCAL ? Lrh.SIZE : Lrh.SIZE + Grh.SIZE;
        return lnh >= Lrh.LNH_IBA_LOCAL && len >= bth + Bth.SIZE && Bth.destQp(b, off + bth) == 0;
    }

    private static DropReason map(RejectReason reason) {
        return switch (reason) {
            case NONE -> DropReason.NONE;
            case BAD_VCRC -> DropReason.BAD_VCRC;
            case BAD_ICRC -> DropReason.BAD_ICRC;
            case BELOW_MINIMUM_LENGTH, TRUNCATED_HEADERS, PAD_EXCEEDS_PAYLOAD -> DropReason.BELOW_MINIMUM_LENGTH;
            case ABOVE_MAXIMUM_LENGTH -> DropReason.ABOVE_MAXIMUM_LENGTH;
            case PKTLEN_MISMATCH -> DropReason.PKTLEN_MISMATCH;
            case BAD_LVER -> DropReason.BAD_LVER;
        };
    }
}
