package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.Port;
import java.util.List;

/**
 * One port's PortInfo as an SMA reports and changes it. The values the SM sets (LID, LMC, M_Key, thresholds, ...)
 * are kept here; the values the link decides (widths and speeds active, states, capabilities of the port) are read
 * from the live {@link Port} on every Get, so a Get always shows what the port does now. A port that is not
 * physical (a switch's port 0) has none of the link values. Event loop only.
 */
public final class PortInfoView {
    private final Port port;
    private PortInfo stored;
    /** The last {@link #current()} answer, and the stored values it was built from. */
    private PortInfo lastCurrent;

    private PortInfo lastStored;

    /**
     * @param port    the physical port, or null for a switch's port 0
     * @param initial the values before any SM: capability mask, GUIDCap, the caps of the VL arbitration tables ...
     */
    public PortInfoView(Port port, PortInfo initial) {
        this.port = port;
        this.stored = initial;
    }

    /**
     * The values the SM set (LID, LMC, MasterSMLID ...) without the live link state: cheap, for the data path,
     * where {@link #current()} would build a whole PortInfo per packet.
     */
    public PortInfo stored() {
        return stored;
    }

    /**
     * PortInfo now: the stored values with the live link state over them. The last answer is kept and given again
     * while the stored values are the same and the port still shows the link state it holds (an SM's Get and Set of
     * one port ask several times in a row), so a PortInfo is built only when something changed.
     */
    public PortInfo current() {
        if (port == null) {
            return stored;
        }
        PortInfo last = lastCurrent;
        if (last != null && lastStored == stored && showsLiveState(last)) {
            return last;
        }
        var t = port.training();
        var c = port.config();
        PortInfo now = stored.toBuilder()
                .capabilityMask(withExtendedSpeeds(stored.capabilityMask(), c.linkSpeedExtSupported() != 0))
                .linkWidthSupported(c.linkWidthSupported())
                .linkWidthEnabled(port.linkWidthEnabled())
                .linkWidthActive(t.linkWidthActive())
                .linkSpeedSupported(c.linkSpeedSupported())
                .linkSpeedActive(t.linkSpeedActive())
                .linkSpeedExtSupported(c.linkSpeedExtSupported())
                .linkSpeedExtActive(t.linkSpeedExtActive())
                .portState(port.portState())
                .portPhysicalState(port.physicalState())
                .vlCap(c.vlCap())
                .mtuCap(c.mtuCap().code())
                .build();
        lastStored = stored;
        lastCurrent = now;
        return now;
    }

    /** Whether {@code p} shows every live value {@link #current()} lays over the stored ones as the port has it now. */
    private boolean showsLiveState(PortInfo p) {
        var t = port.training();
        var c = port.config();
        return p.portState() == port.portState()
                && p.portPhysicalState() == port.physicalState()
                && p.linkWidthEnabled() == port.linkWidthEnabled()
                && p.linkWidthActive() == t.linkWidthActive()
                && p.linkSpeedActive() == t.linkSpeedActive()
                && p.linkSpeedExtActive() == t.linkSpeedExtActive()
                && p.linkWidthSupported() == c.linkWidthSupported()
                && p.linkSpeedSupported() == c.linkSpeedSupported()
                && p.linkSpeedExtSupported() == c.linkSpeedExtSupported()
                && p.capabilityMask() == withExtendedSpeeds(stored.capabilityMask(), c.linkSpeedExtSupported() != 0)
                && p.vlCap() == c.vlCap()
                && p.mtuCap() == c.mtuCap().code();
    }

    /**
     * CapabilityMask.IsExtendedSpeedsSupported follows the port: without it, readers ignore LinkSpeedExtActive
     * (IBA 14.2.5.6; ibnetdiscover and OpenSM showed an EDR link as QDR until it was set). A switch sets it on port 0
     * when any of its ports has extended speeds.
     */
    public static int withExtendedSpeeds(int capabilityMask, boolean extendedSpeeds) {
        return extendedSpeeds
                ? capabilityMask | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED
                : capabilityMask & ~PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;
    }

    /**
     * Stores a PortInfo the Set rules accepted and makes the port follow it: LID and LMC for the receive check,
     * OperationalVLs, LinkWidthEnabled, HOQLife, VLHighLimit, and the actions (PortState, physical state, retrain).
     */
    public void apply(PortInfo next, List<SmaAction> actions) {
        stored = next;
        if (port == null) {
            return;
        }
        port.receivePolicy().lid(next.lid(), next.lmc());
        if (next.operationalVls() != 0) {
            port.operationalVlsCode(next.operationalVls());
        }
        port.linkWidthEnabled(next.linkWidthEnabled());
        port.hoqLife(next.hoqLife());
        port.arbiter().vlHighLimit(next.vlHighLimit());
        for (SmaAction action : actions) {
            // Counter clears and client reregistration are the SMA's own bookkeeping, not the port's.
            if (action instanceof SmaAction.PortStateChange s) {
                changePortState(s.portState());
            } else if (action instanceof SmaAction.PhysicalStateChange p) {
                changePhysicalState(p.portPhysicalState());
            } else if (action instanceof SmaAction.Retrain) {
                port.retrain();
            }
        }
    }

    private void changePortState(int state) {
        switch (state) {
            case PortInfo.PORT_STATE_ARMED -> port.arm();
            case PortInfo.PORT_STATE_ACTIVE -> port.activate();
            case PortInfo.PORT_STATE_DOWN -> port.retrain();
            default -> {
                // The Set rules let nothing else through.
            }
        }
    }

    private void changePhysicalState(int state) {
        if (state == PortInfo.PHYS_STATE_DISABLED) {
            port.disable();
        } else if (state == PortInfo.PHYS_STATE_POLLING) {
            port.enable();
            port.retrain();
        }
    }
}
