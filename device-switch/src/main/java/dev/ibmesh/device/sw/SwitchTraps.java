package dev.ibmesh.device.sw;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import dev.ibmesh.runtime.sma.TrapNotices;
import dev.ibmesh.runtime.sma.TrapSender;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The traps a switch raises from its management port 0 (IBA 14.3.11), issued with port 0's LID to its master SM,
 * and only when port 0's PortInfo allows it ({@link TrapSender#raise}). Event loop only.
 */
final class SwitchTraps {
    private final TrapSender sender;
    private final Supplier<PortInfo> port0;
    /** The switch's deviations: those that leave a trap out are looked at here. */
    private final Set<SwitchDeviation> deviations;

    private final TrapNotices notices = new TrapNotices(NodeInfo.NODE_TYPE_SWITCH);

    SwitchTraps(TrapSender sender, Supplier<PortInfo> port0, Set<SwitchDeviation> deviations) {
        this.sender = sender;
        this.port0 = port0;
        this.deviations = Set.copyOf(deviations);
    }

    /** Trap 128: a port's link went up or down. */
    void linkStateChange() {
        if (deviations.contains(SwitchDeviation.NO_LINK_STATE_TRAP)) {
            return;
        }
        raise(notices.linkStateChange(port0.get().lid()));
    }

    /** Trap 129 or 130: {@code counter} of external port {@code port} just counted a threshold crossing. */
    void thresholdCrossed(int port, Counter counter) {
        int trap = counter == Counter.LOCAL_LINK_INTEGRITY_ERRORS
                ? Notice.TRAP_LINK_INTEGRITY_THRESHOLD
                : Notice.TRAP_BUFFER_OVERRUN_THRESHOLD;
        raise(notices.portError(trap, port0.get().lid(), port));
    }

    /** Trap 144 with the given change flags ({@link Notice.LocalChangesTrap} CHANGE_*). */
    void localChanges(int changeFlags) {
        raise(notices.localChanges(port0.get(), changeFlags));
    }

    /** Trap 144 with NodeDescriptionChange: the NodeDescription was set. */
    void nodeDescriptionChanged() {
        if (!deviations.contains(SwitchDeviation.NO_NODE_DESCRIPTION_TRAP)) {
            localChanges(Notice.LocalChangesTrap.CHANGE_NODE_DESCRIPTION);
        }
    }

    /** Trap 256: the SMA refused an SMP for its M_Key. */
    void badMKey(Mad refused) {
        if (deviations.contains(SwitchDeviation.NO_BAD_M_KEY_TRAP)) {
            return;
        }
        raise(notices.badMKey(port0.get().lid(), refused));
    }

    /** Trap 257 or 258: port 0's QP1 rejected a packet for its P_Key or Q_Key. */
    void badKey(Qp1Verdict rejected) {
        raise(notices.badKey(port0.get().lid(), rejected));
    }

    /** Whether {@code mad} was a TrapRepress (see {@link TrapSender#onTrapRepress}). */
    boolean onTrapRepress(Mad mad) {
        return sender.onTrapRepress(mad);
    }

    long sent() {
        return sender.sent();
    }

    private void raise(Notice notice) {
        sender.raise(notice, port0.get());
    }
}
