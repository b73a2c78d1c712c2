package dev.ibmesh.device.hca.transport;

import dev.ibmesh.runtime.topology.Deviation;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.DeviceKind;
import java.util.Collection;
import java.util.Set;

/**
 * Named ways the HCA's transport can be started to break exactly one rule of the spec, so that each conformance
 * procedure can be shown to fail on the device it targets (docs/design.md, "Deviations are explicit").
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
    ATOMIC_ACK_WRONG_ORIGINAL("atomic-ack-wrong-original");

    private final String label;

    HcaDeviation(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The deviations with these labels; an unknown label is refused ({@link Deviations}). */
    public static Set<HcaDeviation> of(Collection<String> labels) {
        return Deviations.of(DeviceKind.HCA, HcaDeviation.class, labels);
    }
}
