package dev.ibmesh.device.hca.transport;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.ReceiveDeparture;
import dev.ibmesh.runtime.sma.PortInfoRules;
import dev.ibmesh.runtime.sma.SetResult;
import dev.ibmesh.runtime.sma.SmaDeparture;
import dev.ibmesh.runtime.sma.SmaOptions;
import dev.ibmesh.runtime.sma.SwitchInfoRules;
import dev.ibmesh.runtime.topology.Deviation;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.DeviceKind;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Named ways the HCA can be started to break exactly one rule of the spec, in its transport or its SMA, so that each
 * conformance procedure can be shown to fail on the device it targets (docs/design.md, "Deviations are explicit").
 */
public enum HcaDeviation implements Deviation {
    /** The RC requester retransmits at once after an RNR NAK instead of waiting the timer it carries (C9-130). */
    RETRY_BEFORE_RNR_TIMER("retry-before-rnr-timer"),
    /** The RC requester retries RNR NAKs forever, whatever rnr_retry says (C9-130). */
    IGNORE_RNR_RETRY_COUNT("ignore-rnr-retry-count"),
    /**
     * The RC requester completes a request once its last packet is sent, before an ACK or response covers it (C9-60);
     * an RDMA READ still waits for its data.
     */
    COMPLETE_BEFORE_ACK("complete-before-ack"),
    /** The RC responder silently drops a SEND it has no receive WQE for instead of sending an RNR NAK. */
    NO_RNR_NAK("no-rnr-nak"),
    /** The RC responder takes a request whose PSN is ahead of the expected one instead of NAKing it. */
    ACCEPT_PSN_OUT_OF_SEQUENCE("accept-psn-out-of-sequence"),
    /** The RC responder's atomic ACK carries the value after the operation instead of the original. */
    ATOMIC_ACK_WRONG_ORIGINAL("atomic-ack-wrong-original"),
    /**
     * The RC responder holds an RDMA READ's responses back until it executed the next request, so an atomic after the
     * READ overtakes it: its ACK comes first and the READ returns what the atomic wrote (IBA 9.5, C9-27).
     */
    READ_OVERTAKEN_BY_ATOMIC("read-overtaken-by-atomic"),
    /** The RC responder counts the MSN up at every packet of a SEND or WRITE instead of at its last (IBA 9.7.5.1). */
    MSN_COUNTS_PACKETS("msn-counts-packets"),
    /** The RC requester completes an RDMA READ at its first response packet, before the rest arrived (C9-60). */
    COMPLETE_READ_AT_FIRST_RESPONSE("complete-read-at-first-response"),
    /**
     * The RC requester takes an ACK as covering only the request whose PSN it names, not every request before it
     * (no coalesced acknowledgement), so the earlier requests never complete.
     */
    ACK_COVERS_ONLY_ITS_PSN("ack-covers-only-its-psn"),
    /**
     * The RC requester takes a NAK as acknowledging nothing, not the requests before its PSN: on a PSN sequence error
     * it goes back to its oldest unacknowledged request instead of the NAK's PSN.
     */
    NAK_ACKS_NOTHING("nak-acks-nothing"),
    /** The RC requester retries forever after ACK timeouts and sequence errors, whatever retry_cnt says (C9-142). */
    IGNORE_RETRY_COUNT("ignore-retry-count"),
    /** The RC responder executes a duplicate SEND or RDMA WRITE again instead of only acknowledging it (9.7.5.1). */
    REEXECUTE_DUPLICATE_SEND("reexecute-duplicate-send"),
    /** The RC responder drops a duplicate RDMA READ request instead of answering it again (IBA 9.7.5.1). */
    DROP_DUPLICATE_READ("drop-duplicate-read"),
    /** The RC responder executes a duplicate atomic again instead of answering from its saved result (9.7.5.1). */
    REEXECUTE_DUPLICATE_ATOMIC("reexecute-duplicate-atomic"),
    /**
     * RDMA and atomic requests find their region by address in the QP's PD, whatever R_Key they carry, so a bad
     * R_Key is never a remote access error.
     */
    IGNORE_R_KEY("ignore-r-key"),
    /** The RC requester takes a NAK remote access error as a lost packet and retransmits instead of failing (9.7.5.2). */
    RETRY_REMOTE_ACCESS_NAK("retry-remote-access-nak"),
    /** The RC responder takes a SEND Middle or Last with no SEND in progress as the start of a message (9.7.5.1). */
    ACCEPT_OPCODE_OUT_OF_SEQUENCE("accept-opcode-out-of-sequence"),
    /** The RC responder takes a packet whose payload exceeds the path MTU instead of NAKing it (IBA 9.7.1.1). */
    ACCEPT_PAYLOAD_BEYOND_PMTU("accept-payload-beyond-pmtu"),
    /** The UC responder completes a message with a PSN gap inside instead of dropping it (IBA 9.8). */
    UC_IGNORE_PSN_GAP("uc-ignore-psn-gap"),
    /** The UD responder takes a datagram whose DETH Q_Key is not its QP's (no drop, no Q_KeyViolations, no trap). */
    ACCEPT_WRONG_Q_KEY("accept-wrong-q-key"),
    /** The UD responder leaves the first 40 bytes of the receive buffer zero when the datagram had a GRH. */
    DROP_UD_GRH("drop-ud-grh"),
    /** The UD requester sends a message longer than the port's MTU instead of completing it with LOC_LEN_ERR. */
    SEND_UD_BEYOND_MTU("send-ud-beyond-mtu"),
    /** {@link SmaDeparture#ACK_READ_ONLY_SET} (procedures C14_024_02, C14_024_03). */
    ACK_SET_OF_READ_ONLY("ack-set-of-read-only", SmaDeparture.ACK_READ_ONLY_SET),
    /** {@link SmaDeparture#ECHO_SET_DATA} (procedure C14_024_05). */
    ECHO_SET_DATA("echo-set-data", SmaDeparture.ECHO_SET_DATA),
    /** {@link SmaDeparture#DROP_TABLE_WRITES}; the switch knows it too (procedures C14_024_09_CA, C14_924_02 ...). */
    DROP_TABLE_WRITES("drop-table-writes", SmaDeparture.DROP_TABLE_WRITES),
    /**
     * SubnSet(PortInfo) takes a reserved NeighborMTU (0, 6-15) instead of status 7 (IBA 14.2.5.6, C14-24; procedure
     * C14_024_06_CA_03).
     */
    ACCEPT_RESERVED_NEIGHBOR_MTU("accept-reserved-neighbor-mtu"),
    /**
     * SubnSet(PortInfo) stores the read-only components it carries (CapabilityMask, GUIDCap, the VL arbitration
     * capacities, RespTimeValue ...) instead of keeping them (IBA 14.2.5.6; procedure C14_924_01_CA).
     */
    WRITE_READ_ONLY_PORT_INFO("write-read-only-port-info"),
    /** {@link ReceiveDeparture#NO_VCRC_CHECK}; the switch knows it too (procedure C07_901_01). */
    NO_VCRC_CHECK("no-vcrc-check", ReceiveDeparture.NO_VCRC_CHECK),
    /** {@link ReceiveDeparture#NO_ICRC_CHECK}; the switch knows it too (procedure C07_902_01). */
    NO_ICRC_CHECK("no-icrc-check", ReceiveDeparture.NO_ICRC_CHECK),
    /** {@link ReceiveDeparture#NO_LVER_CHECK}; the switch knows it too (procedure C07_903_01). */
    NO_LVER_CHECK("no-lver-check", ReceiveDeparture.NO_LVER_CHECK),
    /** {@link ReceiveDeparture#NO_PKTLEN_CHECK}; the switch knows it too (procedure C07_904_01). */
    NO_PKTLEN_CHECK("no-pktlen-check", ReceiveDeparture.NO_PKTLEN_CHECK),
    /** {@link ReceiveDeparture#LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE}; the switch knows it too (procedure C07_908_01). */
    LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE(
            "lid-routed-smps-only-when-active", ReceiveDeparture.LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE),
    /** {@link ReceiveDeparture#UNCOUNTED_LINK_PACKET_ERRORS}; the switch knows it too (procedure C16_903_01). */
    UNCOUNTED_LINK_PACKET_ERRORS("uncounted-link-packet-errors", ReceiveDeparture.UNCOUNTED_LINK_PACKET_ERRORS),
    /** {@link ReceiveDeparture#ACCEPT_EBP}; the switch knows it too (procedure C07_905_01). */
    ACCEPT_EBP("accept-ebp-packets", ReceiveDeparture.ACCEPT_EBP),
    /** {@link ReceiveDeparture#NO_DLID_CHECK} (procedure C07_906_01_CA). */
    NO_DLID_CHECK("no-dlid-check", ReceiveDeparture.NO_DLID_CHECK),
    /** {@link ReceiveDeparture#IGNORE_LMC} (procedure C07_907_01_CA). */
    DLID_IGNORES_LMC("dlid-ignores-lmc", ReceiveDeparture.IGNORE_LMC);

    private final String label;
    /** The SMA rule it breaks, when it is one of {@link SmaDeparture}'s; else null. */
    private final SmaDeparture departure;
    /** The receive check it leaves out, when it is one of {@link ReceiveDeparture}'s; else null. */
    private final ReceiveDeparture receiveDeparture;

    HcaDeviation(String label) {
        this(label, null, null);
    }

    HcaDeviation(String label, SmaDeparture departure) {
        this(label, departure, null);
    }

    HcaDeviation(String label, ReceiveDeparture receiveDeparture) {
        this(label, null, receiveDeparture);
    }

    HcaDeviation(String label, SmaDeparture departure, ReceiveDeparture receiveDeparture) {
        this.label = label;
        this.departure = departure;
        this.receiveDeparture = receiveDeparture;
    }

    @Override
    public String label() {
        return label;
    }

    /** The deviations with these labels; an unknown label is refused ({@link Deviations}). */
    public static Set<HcaDeviation> of(Collection<String> labels) {
        return Deviations.of(DeviceKind.HCA, HcaDeviation.class, labels);
    }

    /** The receive checks these deviations leave out, on every port. */
    public static Set<ReceiveDeparture> receiveDepartures(Set<HcaDeviation> deviations) {
        return deviations.stream()
                .map(d -> d.receiveDeparture)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
    }

    /** The SMA options these deviations call for. */
    public static SmaOptions smaOptions(Set<HcaDeviation> deviations) {
        PortInfoRules rules = PortInfoRules.SPEC;
        if (deviations.contains(ACCEPT_RESERVED_NEIGHBOR_MTU)) {
            rules = rules.takingAnyValueOf(PortInfo::neighborMtu, PortInfo.Builder::neighborMtu);
        }
        if (deviations.contains(WRITE_READ_ONLY_PORT_INFO)) {
            rules = writingReadOnlyComponents(rules);
        }
        Set<SmaDeparture> departures = deviations.stream()
                .map(d -> d.departure)
                .filter(Objects::nonNull)
                .collect(Collectors.toSet());
        return new SmaOptions(true, rules, SwitchInfoRules.SPEC, departures);
    }

    /** {@code rules} for the read-write components; the read-only ones the port stores are taken from the Set. */
    private static PortInfoRules writingReadOnlyComponents(PortInfoRules rules) {
        return (current, requested, port) -> {
            SetResult<PortInfo> r = rules.apply(current, requested, port);
            if (!r.isValid()) {
                return r;
            }
            return SetResult.accepted(
                    r.attribute().toBuilder()
                            .capabilityMask(requested.capabilityMask())
                            .diagCode(requested.diagCode())
                            .initType(requested.initType())
                            .vlArbitrationHighCap(requested.vlArbitrationHighCap())
                            .vlArbitrationLowCap(requested.vlArbitrationLowCap())
                            .guidCap(requested.guidCap())
                            .respTimeValue(requested.respTimeValue())
                            .maxCreditHint(requested.maxCreditHint())
                            .linkRoundTripLatency(requested.linkRoundTripLatency())
                            .capabilityMask2(requested.capabilityMask2())
                            .build(),
                    r.actions());
        };
    }
}
