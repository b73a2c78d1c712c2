package dev.ibmesh.device.sw;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.runtime.pma.CounterOverflow;
import dev.ibmesh.runtime.pma.PmaDeparture;
import dev.ibmesh.runtime.pma.PmaOptions;
import dev.ibmesh.runtime.port.ReceiveDeparture;
import dev.ibmesh.runtime.sma.PortInfoRules;
import dev.ibmesh.runtime.sma.SetResult;
import dev.ibmesh.runtime.sma.SmaDeparture;
import dev.ibmesh.runtime.sma.SmaOptions;
import dev.ibmesh.runtime.sma.SwitchInfoRules;
import dev.ibmesh.runtime.topology.Deviation;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.DeviceKind;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

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
     * Directed-route responses go back along the ReturnPath with the D bit clear, so the next hop takes them for
     * requests (C14-13: a returning SMP has D = 1).
     */
    NO_DR_D_BIT("no-dr-d-bit"),
    /**
     * An outbound directed-route SMP with a HopPointer out of range (0 with a HopCount, or beyond HopCount + 1) is
     * taken as ending here instead of dropped (C14-9:1, C14-9:5).
     */
    DR_ACCEPT_ANY_HOP_POINTER("dr-accept-any-hop-pointer"),
    /**
     * A directed-route response whose request came over an initial LID-routed part (DrSLID not permissive) is dropped
     * at the end of its directed part instead of LID-routed to DrSLID (C14-13:3).
     */
    DR_RETURN_IGNORES_DR_SLID("dr-return-ignores-dr-slid"),
    /**
     * An outbound directed-route SMP whose DrDLID is not permissive is handed to this switch's SMA at the end of its
     * directed part instead of LID-routed on to DrDLID (C14-9:3).
     */
    DR_END_IGNORES_DR_DLID("dr-end-ignores-dr-dlid"),
    /**
     * Unicast packets to a DLID above SwitchInfo.LinearFDBTop are relayed by the stale LFT entry instead of being
     * dropped (IBA 18.2.4.3: entries above LinearFDBTop are not valid).
     */
    FORWARD_BEYOND_LFT_TOP("forward-beyond-lft-top"),
    /** PMA PortCounters wrap at their width instead of stopping at all ones (IBA 16.1.3.5). */
    PMA_COUNTERS_WRAP("pma-counters-wrap"),
    /** Set(PortCounters) clears every counter, not only those CounterSelect names (IBA 16.1.3.5). */
    PMA_IGNORE_COUNTER_SELECT("pma-ignore-counter-select"),
    /** {@link PmaDeparture#REFUSE_ALL_PORT_SELECT} (procedures C16_904_01_SW, C16_906_01). */
    PMA_REFUSE_ALL_PORT_SELECT("pma-refuse-all-port-select"),
    /** {@link PmaDeparture#EXTENDED_DATA_IN_OCTETS} (procedure C16_905_01). */
    PMA_EXTENDED_DATA_IN_OCTETS("pma-extended-data-in-octets"),
    /** {@link PmaDeparture#HIDE_EXTENDED_CAPABILITY} (procedure C16_906_01). */
    PMA_HIDE_EXTENDED_CAPABILITY("pma-hide-extended-capability"),
    /** {@link PmaDeparture#ANSWER_UNSUPPORTED_ATTRIBUTES} (procedure C16_907_01). */
    PMA_ANSWER_UNSUPPORTED_ATTRIBUTES("pma-answer-unsupported-attributes"),
    /** Traps keep being repeated after the SM's TrapRepress (IBA 14.2.5.1); the SMA still does not answer it. */
    TRAP_IGNORES_REPRESS("trap-ignores-repress"),
    /** Port 0's QP1 takes GMPs whatever their P_Key and Q_Key (IBA 10.9.3, 9.6.1.5.1): no violation, no trap. */
    IGNORE_GSI_KEYS("ignore-gsi-keys"),
    /**
     * SubnSet(SwitchInfo) writes the read-only components it carries (the capabilities: LinearFDBCap ...
     * EnhancedPort0) instead of keeping them (IBA 14.2.5.4; procedure C14_024_04_SW_01).
     */
    WRITE_READ_ONLY_SWITCH_INFO("write-read-only-switch-info"),
    /**
     * SubnSet(SwitchInfo) takes a LinearFDBTop at or above LinearFDBCap instead of status 7 (IBA 14.2.5.4: a valid
     * LinearFDBTop is below LinearFDBCap; procedure C14_024_04_SW_02).
     */
    ACCEPT_LINEAR_FDB_TOP_BEYOND_CAP("accept-linear-fdb-top-beyond-cap"),
    /** {@link SmaDeparture#ACCEPT_FDB_BLOCKS_BEYOND_CAP} (procedures C14_024_10_01, C14_024_12). */
    ACCEPT_FDB_BLOCKS_BEYOND_CAP("accept-fdb-blocks-beyond-cap", SmaDeparture.ACCEPT_FDB_BLOCKS_BEYOND_CAP),
    /** {@link SmaDeparture#ACCEPT_INVALID_LFT_PORTS} (procedure C14_024_10_03). */
    ACCEPT_INVALID_LFT_PORTS("accept-invalid-lft-ports", SmaDeparture.ACCEPT_INVALID_LFT_PORTS),
    /** {@link SmaDeparture#ANSWER_UNSUPPORTED_GET} (procedures C14_024_11, C14_024_13_3). */
    ANSWER_UNSUPPORTED_ATTRIBUTES("answer-unsupported-attributes", SmaDeparture.ANSWER_UNSUPPORTED_GET),
    /** {@link SmaDeparture#DROP_TABLE_WRITES}; the HCA knows it too (procedures C14_024_09_SW, C14_024_10_02 ...). */
    DROP_TABLE_WRITES("drop-table-writes", SmaDeparture.DROP_TABLE_WRITES),
    /** {@link SmaDeparture#ANSWER_BAD_CLASS_VERSION} (procedure C13_901_01). */
    ANSWER_BAD_CLASS_VERSION("answer-bad-class-version", SmaDeparture.ANSWER_BAD_CLASS_VERSION),
    /** {@link SmaDeparture#ANSWER_UNSUPPORTED_METHOD} (procedure C13_902_01). */
    ANSWER_UNSUPPORTED_METHOD("answer-unsupported-method", SmaDeparture.ANSWER_UNSUPPORTED_METHOD),
    /** {@link SmaDeparture#UNDERSTATE_RESP_TIME_VALUE} (procedure C13_014_01). */
    UNDERSTATE_RESP_TIME_VALUE("understate-resp-time-value", SmaDeparture.UNDERSTATE_RESP_TIME_VALUE),
    /** {@link SmaDeparture#OVERSTATE_RESP_TIME_VALUE} (procedure C13_013). */
    OVERSTATE_RESP_TIME_VALUE("resp-time-value-above-20", SmaDeparture.OVERSTATE_RESP_TIME_VALUE),
    /** {@link SmaDeparture#ANSWER_SET_WITH_SET_RESP} (procedure C13_904_01). */
    ANSWER_SET_WITH_SET_RESP("answer-set-with-set-resp", SmaDeparture.ANSWER_SET_WITH_SET_RESP),
    /** {@link SmaDeparture#CHECK_ZERO_M_KEY} (procedure C14_015). */
    CHECK_ZERO_M_KEY("check-zero-m-key", SmaDeparture.CHECK_ZERO_M_KEY),
    /** {@link SmaDeparture#M_KEY_LEASE_NEVER_EXPIRES} (procedure C14_017_01). */
    M_KEY_LEASE_NEVER_EXPIRES("m-key-lease-never-expires", SmaDeparture.M_KEY_LEASE_NEVER_EXPIRES),
    /** {@link SmaDeparture#M_KEY_LEASE_NOT_STOPPED} (procedure C14_017_03). */
    M_KEY_LEASE_NOT_STOPPED("m-key-lease-not-stopped", SmaDeparture.M_KEY_LEASE_NOT_STOPPED),
    /** {@link SmaDeparture#ZERO_M_KEY_LEASE_EXPIRES} (procedure C14_017_05). */
    ZERO_M_KEY_LEASE_EXPIRES("zero-m-key-lease-expires", SmaDeparture.ZERO_M_KEY_LEASE_EXPIRES),
    /** The SMA discards SMPs that fail the M_Key check but raises no trap 256 for them (IBA 14.3.9). */
    NO_BAD_M_KEY_TRAP("no-bad-m-key-trap"),
    /** A SubnSet(NodeDescription) raises no trap 144 with NodeDescriptionChange (IBA 14.3.11; procedure C14_904_01_SW). */
    NO_NODE_DESCRIPTION_TRAP("no-node-description-trap"),
    /** A port whose link goes down or up raises no trap 128 (IBA 14.3.11; procedure C14_905_01_SW). */
    NO_LINK_STATE_TRAP("no-link-state-trap"),
    /** {@link ReceiveDeparture#NO_VCRC_CHECK}; the HCA knows it too (procedure C07_901_01). */
    NO_VCRC_CHECK("no-vcrc-check", ReceiveDeparture.NO_VCRC_CHECK),
    /** {@link ReceiveDeparture#NO_ICRC_CHECK}, at port 0 here; the HCA knows it too (procedure C07_902_01). */
    NO_ICRC_CHECK("no-icrc-check", ReceiveDeparture.NO_ICRC_CHECK),
    /** {@link ReceiveDeparture#NO_LVER_CHECK}; the HCA knows it too (procedure C07_903_01). */
    NO_LVER_CHECK("no-lver-check", ReceiveDeparture.NO_LVER_CHECK),
    /** {@link ReceiveDeparture#NO_PKTLEN_CHECK}; the HCA knows it too (procedure C07_904_01). */
    NO_PKTLEN_CHECK("no-pktlen-check", ReceiveDeparture.NO_PKTLEN_CHECK),
    /** {@link ReceiveDeparture#LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE}; the HCA knows it too (procedure C07_908_01). */
    LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE(
            "lid-routed-smps-only-when-active", ReceiveDeparture.LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE),
    /** {@link ReceiveDeparture#UNCOUNTED_LINK_PACKET_ERRORS}; the HCA knows it too (procedure C16_903_01). */
    UNCOUNTED_LINK_PACKET_ERRORS("uncounted-link-packet-errors", ReceiveDeparture.UNCOUNTED_LINK_PACKET_ERRORS),
    /** {@link ReceiveDeparture#ACCEPT_EBP}; the HCA knows it too (procedure C07_905_01). */
    ACCEPT_EBP("accept-ebp-packets", ReceiveDeparture.ACCEPT_EBP);

    /** The PMA rules the PMA deviations break. */
    private static final Map<SwitchDeviation, PmaDeparture> PMA_DEPARTURES = Map.of(
            PMA_REFUSE_ALL_PORT_SELECT, PmaDeparture.REFUSE_ALL_PORT_SELECT,
            PMA_EXTENDED_DATA_IN_OCTETS, PmaDeparture.EXTENDED_DATA_IN_OCTETS,
            PMA_HIDE_EXTENDED_CAPABILITY, PmaDeparture.HIDE_EXTENDED_CAPABILITY,
            PMA_ANSWER_UNSUPPORTED_ATTRIBUTES, PmaDeparture.ANSWER_UNSUPPORTED_ATTRIBUTES);

    private final String label;
    /** The SMA rule it breaks, when it is one of {@link SmaDeparture}'s; else null. */
    private final SmaDeparture departure;
    /** The receive check it leaves out, when it is one of {@link ReceiveDeparture}'s; else null. */
    private final ReceiveDeparture receiveDeparture;

    SwitchDeviation(String label) {
        this(label, null, null);
    }

    SwitchDeviation(String label, SmaDeparture departure) {
        this(label, departure, null);
    }

    SwitchDeviation(String label, ReceiveDeparture receiveDeparture) {
        this(label, null, receiveDeparture);
    }

    SwitchDeviation(String label, SmaDeparture departure, ReceiveDeparture receiveDeparture) {
        this.label = label;
        this.departure = departure;
        this.receiveDeparture = receiveDeparture;
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
        PortInfoRules portInfoRules = PortInfoRules.SPEC;
        if (deviations.contains(ACCEPT_RESERVED_LINK_WIDTH_ENABLED)) {
            portInfoRules =
                    portInfoRules.takingAnyValueOf(PortInfo::linkWidthEnabled, PortInfo.Builder::linkWidthEnabled);
        }
        SwitchInfoRules switchInfoRules = SwitchInfoRules.SPEC;
        if (deviations.contains(WRITE_READ_ONLY_SWITCH_INFO)) {
            switchInfoRules = writingReadOnlyComponents(switchInfoRules);
        }
        if (deviations.contains(ACCEPT_LINEAR_FDB_TOP_BEYOND_CAP)) {
            switchInfoRules = anyLinearFdbTop(switchInfoRules);
        }
        Set<SmaDeparture> departures = deviations.stream()
                .map(d -> d.departure)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
        return new SmaOptions(!deviations.contains(IGNORE_M_KEY), portInfoRules, switchInfoRules, departures);
    }

    /** The receive checks these deviations leave out, on every port. */
    static Set<ReceiveDeparture> receiveDepartures(Set<SwitchDeviation> deviations) {
        return deviations.stream()
                .map(d -> d.receiveDeparture)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
    }

    /** The PMA options these deviations call for. */
    static PmaOptions pmaOptions(Set<SwitchDeviation> deviations) {
        Set<PmaDeparture> departures = deviations.stream()
                .map(PMA_DEPARTURES::get)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
        return new PmaOptions(
                deviations.contains(PMA_COUNTERS_WRAP) ? CounterOverflow.WRAP : CounterOverflow.SATURATE,
                !deviations.contains(PMA_IGNORE_COUNTER_SELECT),
                departures);
    }

    /** {@code rules} for the read-write components; the read-only ones are taken from the Set as well. */
    private static SwitchInfoRules writingReadOnlyComponents(SwitchInfoRules rules) {
        return (current, requested, sw) -> {
            SetResult<SwitchInfo> r = rules.apply(current, requested, sw);
            if (!r.isValid()) {
                return r;
            }
            SwitchInfo a = r.attribute();
            return SetResult.accepted(
                    new SwitchInfo(
                            requested.linearFdbCap(),
                            requested.randomFdbCap(),
                            requested.multicastFdbCap(),
                            a.linearFdbTop(),
                            a.defaultPort(),
                            a.defaultMulticastPrimaryPort(),
                            a.defaultMulticastNotPrimaryPort(),
                            a.lifeTimeValue(),
                            a.portStateChange(),
                            requested.optimizedSlToVlMappingProgramming(),
                            requested.lidsPerPort(),
                            requested.partitionEnforcementCap(),
                            requested.inboundEnforcementCap(),
                            requested.outboundEnforcementCap(),
                            requested.filterRawInboundCap(),
                            requested.filterRawOutboundCap(),
                            requested.enhancedPort0(),
                            a.reserved133(),
                            a.multicastFdbTop()),
                    r.actions());
        };
    }

    /** {@code rules} for every component but LinearFDBTop, which is taken whatever it is. */
    private static SwitchInfoRules anyLinearFdbTop(SwitchInfoRules rules) {
        return (current, requested, sw) -> {
            SetResult<SwitchInfo> r = rules.apply(current, requested.withLinearFdbTop(current.linearFdbTop()), sw);
            return r.isValid()
                    ? SetResult.accepted(r.attribute().withLinearFdbTop(requested.linearFdbTop()), r.actions())
                    : r;
        };
    }
}
