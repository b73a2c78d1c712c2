package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import java.util.Arrays;

/**
 * The Notices of the traps an SMA raises (IBA 14.3.11 and the trap table of 14.2.5.1), for any node type: generic
 * notices whose ProducerType is the node's NodeType (1 CA, 2 switch, 3 router: the two codings are the same) and
 * whose IssuerLID is the issuing end port's LID. Type per trap as Linux qib/hfi1 and opensm use them: link and
 * port-error traps are urgent, local changes informational, key violations security. Stateless.
 */
public final class TrapNotices {
    /** DRNoticeReturnPath holds at most 30 hops; a longer path is truncated and says so (qib/hfi1 bad_mkey). */
    static final int DR_NOTICE_PATH_BYTES = 30;

    private final int producerType;

    /** @param nodeType NodeInfo.NodeType of the issuing node */
    public TrapNotices(int nodeType) {
        this.producerType = nodeType;
    }

    /** Trap 128: a switch port's link state changed; LIDADDR is the switch's LID. */
    public Notice linkStateChange(int lid) {
        return notice(Notice.TYPE_URGENT, Notice.TRAP_LINK_STATE_CHANGE, lid, new Notice.LinkStateTrap(lid));
    }

    /**
     * Traps 129 (local link integrity threshold), 130 (excessive buffer overrun threshold) and 131 (flow control
     * update watchdog) of port {@code port}.
     */
    public Notice portError(int trapNumber, int lid, int port) {
        if (trapNumber < Notice.TRAP_LINK_INTEGRITY_THRESHOLD || trapNumber > Notice.TRAP_FLOW_CONTROL_WATCHDOG) {
            throw new IllegalArgumentException("not a port error trap: " + trapNumber);
        }
        return notice(Notice.TYPE_URGENT, trapNumber, lid, new Notice.PortTrap(lid, port));
    }

    /**
     * Trap 144: a local change of the end port {@code endPort}. OtherLocalChanges is set when a change flag
     * (NodeDescription, LinkWidthEnabled, LinkSpeedEnabled ...) is; the notice always carries the port's current
     * CapabilityMask and CapabilityMask2 (opensm {@code ntc_144}), so a CapabilityMask change needs no flag.
     */
    public Notice localChanges(PortInfo endPort, int changeFlags) {
        return notice(
                Notice.TYPE_INFO,
                Notice.TRAP_LOCAL_CHANGES,
                endPort.lid(),
                new Notice.LocalChangesTrap(
                        endPort.lid(),
                        changeFlags != 0,
                        endPort.capabilityMask() & 0xFFFF_FFFFL,
                        changeFlags,
                        endPort.capabilityMask2()));
    }

    /**
     * Trap 256 for an SMP the M_Key check refused (IBA 14.2.4, 14.3.9): its method, attribute and modifier and the
     * M_Key it carried. LIDADDR is the issuer's own LID, as Linux qib and hfi1 {@code bad_mkey} fill it. A
     * directed-route SMP adds DRNotice, its DrSLID, its hop count and its ReturnPath from entry 0 (as qib/hfi1 copy
     * it; [unverified] whether the IBA means entries 1..HopCount), cut at 30 entries with DRPathTruncated set.
     */
    public Notice badMKey(int lid, Mad refused) {
        int attributeId = refused.header().attributeId();
        long modifier = refused.header().attributeModifier() & 0xFFFF_FFFFL;
        int method = refused.header().method();
        Notice.BadMKeyTrap details;
        if (refused.header().mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            DrSmp smp = DrSmp.decode(refused);
            boolean truncated = smp.hopCount() > DR_NOTICE_PATH_BYTES;
            int hops = Math.min(smp.hopCount(), DR_NOTICE_PATH_BYTES);
            byte[] path = Arrays.copyOf(Arrays.copyOf(smp.returnPath(), hops), DR_NOTICE_PATH_BYTES);
            details = new Notice.BadMKeyTrap(
                    0,
                    lid,
                    smp.drSlid(),
                    method,
                    0,
                    attributeId,
                    modifier,
                    smp.mKey(),
                    0,
                    1,
                    truncated ? 1 : 0,
                    hops,
                    path);
        } else {
            details = new Notice.BadMKeyTrap(
                    0,
                    lid,
                    0,
                    method,
                    0,
                    attributeId,
                    modifier,
                    Smp.decode(refused).mKey(),
                    0,
                    0,
                    0,
                    0,
                    new byte[DR_NOTICE_PATH_BYTES]);
        }
        return notice(Notice.TYPE_SECURITY, Notice.TRAP_BAD_M_KEY, lid, details);
    }

    /** Trap 257 or 258 for a packet QP1 rejected (see {@link dev.ibmesh.runtime.gsi.Qp1KeyCheck}). */
    public Notice badKey(int lid, Qp1Verdict rejected) {
        return notice(Notice.TYPE_SECURITY, rejected.trapNumber(), lid, rejected.trapDetails());
    }

    private Notice notice(int type, int trapNumber, int lid, Notice.Details details) {
        return Notice.generic(type, producerType, trapNumber, lid, 0, 0, details);
    }
}
