package dev.ibmesh.runtime.umad;

/**
 * Why a datagram or a control message was refused: the typed reason behind every error reply and counted drop
 * ({@link UmadCounters#rejected}).
 */
public enum SimReject {
    /** A control datagram shorter than its 16-byte header: no reply, it cannot be answered in kind. */
    TRUNCATED_HEADER,
    /** The magic is not {@link SimCtl#MAGIC}: not this protocol, dropped without a reply (as ibsim does). */
    BAD_MAGIC,
    /** A control datagram whose size is not {@link SimCtl#SIZE} (ibsim drops short ones and truncates long ones). */
    BAD_SIZE,
    /** The header's len field is more than {@link SimCtl#DATA_SIZE}, or less than the message kind needs. */
    BAD_LENGTH,
    /** A type that is not one of {@link SimCtlType}'s requests (ibsim echoes those unchanged; ibmesh answers ERROR). */
    UNKNOWN_TYPE,
    /** A clientid that names no session of the sender. */
    UNKNOWN_CLIENT,
    /** CONNECT with a data port outside 1..65535. */
    BAD_DATA_PORT,
    /** CONNECT to a SIM_HOST name the directory does not know. */
    UNKNOWN_HOST,
    /** CONNECT when every client slot is taken. */
    NO_FREE_SLOT,
    /** CONNECT or SET_ISSM asking for the SM role when another client on that port holds it. */
    SM_ALREADY_EXISTS,
    /** The port could not answer a query (its future failed or it threw), or the server itself failed. */
    PORT_FAILED,
    /** A data datagram whose size is not {@link SimRequest#SIZE}. */
    BAD_REQUEST_SIZE,
    /** A data datagram whose length field is 0 or above 256. */
    BAD_MAD_LENGTH,
    /** A data datagram on a client's data port from an address that is not that client's. */
    UNKNOWN_SENDER
}
