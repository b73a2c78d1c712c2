package dev.ibmesh.device.sw;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.pma.CounterOverflow;
import dev.ibmesh.runtime.pma.PmaOptions;
import dev.ibmesh.runtime.sma.PortInfoRules;
import dev.ibmesh.runtime.sma.PortInfoSet;
import dev.ibmesh.runtime.sma.SetResult;
import dev.ibmesh.runtime.sma.SmaOptions;
import dev.ibmesh.runtime.topology.Deviation;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.DeviceKind;
import java.util.List;
import java.util.Set;

/**
 * Named ways a switch can be started to break one rule of the spec, so that each conformance procedure can be shown
 * to fail on the device it targets (docs/design.md, "Deviations are explicit"). Named in topology files under
 * {@code deviations:}.
 */
public enum SwitchDeviation implements Deviation {
    /**
     * SubnSet(PortInfo) takes a reserved or unsupported LinkWidthEnabled (C14-24; procedure C14_024_06_SW_06 expects
     * status 7).
     */
    ACCEPT_RESERVED_LINK_WIDTH_ENABLED("accept-reserved-link-width-enabled"),
    /** The SMA does not check M_Key (IBA 14.2.4, C14-16). */
    IGNORE_M_KEY("ignore-m-key"),
    /** Outbound directed-route SMPs leave without their ReturnPath entry (C14-9), so answers cannot come back. */
    NO_DR_RETURN_PATH("no-dr-return-path"),
    /**
     * Unicast packets to a DLID above SwitchInfo.LinearFDBTop are relayed by the stale LFT entry instead of being
     * dropped (IBA 18.2.4.3: entries above LinearFDBTop are not valid).
     */
    FORWARD_BEYOND_LFT_TOP("forward-beyond-lft-top"),
    /** PMA PortCounters wrap at their width instead of stopping at all ones (IBA 16.1.3.5). */
    PMA_COUNTERS_WRAP("pma-counters-wrap"),
    /** Set(PortCounters) clears every counter, not only those CounterSelect names (IBA 16.1.3.5). */
    PMA_IGNORE_COUNTER_SELECT("pma-ignore-counter-select"),
    /** Traps keep being repeated after the SM's TrapRepress (IBA 14.2.5.1); the SMA still does not answer it. */
    TRAP_IGNORES_REPRESS("trap-ignores-repress"),
    /** Port 0's QP1 takes GMPs whatever their P_Key and Q_Key (IBA 10.9.3, 9.6.1.5.1): no violation, no trap. */
    IGNORE_GSI_KEYS("ignore-gsi-keys");

    private final String label;

    SwitchDeviation(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The deviations named in a device's configuration; an unknown name is refused ({@link Deviations}). */
    static Set<SwitchDeviation> of(List<String> labels) {
        return Deviations.of(DeviceKind.SWITCH, SwitchDeviation.class, labels);
    }

    /** The SMA options these deviations call for. */
    static SmaOptions smaOptions(Set<SwitchDeviation> deviations) {
        PortInfoRules rules = deviations.contains(ACCEPT_RESERVED_LINK_WIDTH_ENABLED)
                ? SwitchDeviation::anyLinkWidthEnabled
                : PortInfoRules.SPEC;
        return new SmaOptions(!deviations.contains(IGNORE_M_KEY), rules);
    }

    /** The PMA options these deviations call for. */
    static PmaOptions pmaOptions(Set<SwitchDeviation> deviations) {
        return new PmaOptions(
                deviations.contains(PMA_COUNTERS_WRAP) ? CounterOverflow.WRAP : CounterOverflow.SATURATE,
                !deviations.contains(PMA_IGNORE_COUNTER_SELECT));
    }

    /** The spec's rules for every field but LinkWidthEnabled, which is taken whatever it is. */
    private static SetResult<PortInfo> anyLinkWidthEnabled(
            PortInfo current, PortInfo requested, dev.ibmesh.runtime.sma.PortContext port) {
        SetResult<PortInfo> r = PortInfoSet.apply(
                current,
                requested.toBuilder()
                        .linkWidthEnabled(current.linkWidthEnabled())
                        .build(),
                port);
        if (!r.isValid()) {
            return r;
        }
        return SetResult.accepted(
                r.attribute().toBuilder()
                        .linkWidthEnabled(requested.linkWidthEnabled())
                        .build(),
                r.actions());
    }
}
