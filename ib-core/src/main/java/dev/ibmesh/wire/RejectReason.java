package dev.ibmesh.wire;

/**
 * Why a frame was rejected. The order of the link-layer reasons is the error precedence of IBA figure 25-20
 * (the link layer's data packet check): when several apply, the first is reported.
 */
public enum RejectReason {
    /** No error. */
    NONE("ok"),
    /** The VCRC does not match the frame (the packet was damaged on the link). */
    BAD_VCRC("bad VCRC"),
    /** The ICRC does not match the invariant fields. */
    BAD_ICRC("bad ICRC"),
    /** Shorter than the minimum: 5 dwords for a raw packet, 6 dwords for an IBA transport packet, plus VCRC. */
    BELOW_MINIMUM_LENGTH("below minimum length"),
    /** Longer than the port's MTUCap allows (MTU plus 126 bytes of headers and CRCs). */
    ABOVE_MAXIMUM_LENGTH("above maximum length"),
    /** LRH.PktLen does not describe the received length. */
    PKTLEN_MISMATCH("PktLen mismatch"),
    /** LRH.LVer is not 0. */
    BAD_LVER("unsupported LVer"),
    /** The frame ends inside a header its LNH or opcode calls for. */
    TRUNCATED_HEADERS("truncated headers"),
    /** BTH.PadCnt is larger than the bytes left for payload and pad. */
    PAD_EXCEEDS_PAYLOAD("PadCnt exceeds payload");

    private final String text;

    RejectReason(String text) {
        this.text = text;
    }

    /** Human text, for example "bad ICRC". */
    public String text() {
        return text;
    }
}
