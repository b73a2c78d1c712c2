package dev.ibmesh.device.hca.verbs;

/**
 * Where a CQ tells of its completions: libibverbs' completion channel, armed once for good (ibv_req_notify_cq after
 * every event). The listener takes the completions with {@link Verbs#pollCq}, so each is still delivered once. Event
 * loop only; called after the CQ changed.
 */
public interface CompletionChannel {
    /** A completion arrived in the CQ, or it overran (then polling fails). */
    void completion();

    /** The CQ was destroyed: nothing more comes. */
    void closed();
}
