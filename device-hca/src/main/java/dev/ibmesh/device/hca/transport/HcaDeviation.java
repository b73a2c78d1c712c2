package dev.ibmesh.device.hca.transport;

import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * Named ways the HCA's transport can be started to break exactly one rule of the spec, so that each conformance
 * procedure can be shown to fail on the device it targets (docs/design.md, "Deviations are explicit").
 */
public enum HcaDeviation {
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

    public String label() {
        return label;
    }

    /** Every label, for the topology's deviation catalog. */
    public static Set<String> labels() {
        Set<String> all = new TreeSet<>();
        for (HcaDeviation d : values()) {
            all.add(d.label);
        }
        return all;
    }

    /** The deviations with these labels; an unknown label is an {@link IllegalArgumentException} naming the known ones. */
    public static Set<HcaDeviation> of(Set<String> labels) {
        Set<HcaDeviation> set = EnumSet.noneOf(HcaDeviation.class);
        for (String l : labels) {
            set.add(ofLabel(l));
        }
        return set;
    }

    private static HcaDeviation ofLabel(String label) {
        for (HcaDeviation d : values()) {
            if (d.label.equals(label)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown HCA deviation '" + label + "'; known: " + labels());
    }
}
