package dev.ibmesh.runtime.umad;

/** What {@link UmadCounters} counts, one metric each (a label value for {@code ibmesh_umad_*} metrics). */
public enum UmadCounter {
    /** Control datagrams received. */
    CONTROL_RECEIVED,
    /** Control replies sent with type ERROR (malformed, unknown, refused). */
    CONTROL_ERRORS,
    /** Control datagrams dropped without a reply (bad magic, shorter than the header). */
    CONTROL_DROPPED,
    /** Data messages received from clients and handed to their port. */
    MADS_FROM_CLIENTS,
    /** Data messages sent to clients. */
    MADS_TO_CLIENTS,
    /** Requests the port could not send, given back with status 110. */
    MADS_UNDELIVERABLE,
    /**
     * Requests a client sent that got no response within the response timeout, given back with status 110 (the
     * kernel's send timeout: a MAD lost in the fabric, an SMP an SMA discarded for its M_Key).
     */
    REQUESTS_TIMED_OUT,
    /** Responses that came after their request was given back with status 110, dropped as the kernel drops them. */
    LATE_RESPONSES,
    /** Data datagrams dropped: wrong size or length, or from an address that is no client's. */
    DATA_DROPPED,
    /** MADs a port handed over that no attached client was due (no SM client for a request, stale TID). */
    MADS_UNCLAIMED,
    /**
     * Multi-MAD (RMPP) answers handed to a client as their first MAD only: libumad2sim reads one 256-byte MAD, where
     * the kernel would have put the segments together (saquery then shows the first records of a table).
     */
    RMPP_ANSWERS_CUT,
    /** Datagrams the server failed to send (a local socket error). */
    SEND_FAILURES,
    /** Sessions opened by CONNECT. */
    SESSIONS_OPENED,
    /** Sessions closed by DISCONNECT. */
    SESSIONS_DISCONNECTED,
    /** Sessions closed because their client was silent for the idle timeout. */
    SESSIONS_IDLE,
    /** Sessions closed because a new CONNECT came from the same socket address (the old client is gone). */
    SESSIONS_REPLACED,
    /** Sessions closed to make room for a new client when every slot was taken. */
    SESSIONS_RECLAIMED,
    /** Sessions closed by the server stopping. */
    SESSIONS_STOPPED
}
