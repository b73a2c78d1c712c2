package dev.ibmesh.runtime.sma.dr;

/** Why a directed-route SMP is discarded (IBA 14.2.2, C14-6, C14-9, C14-13). */
public enum DrDropReason {
    /** HopCount above 63: the paths have 64 entries and entry 0 is unused (C14-6). */
    HOP_COUNT_TOO_LARGE,
    /** D = 0, HopCount > 0 and HopPointer 0 on a received SMP: the sender should have incremented it (C14-9:1). */
    HOP_POINTER_NOT_INCREMENTED,
    /** A HopPointer no rule accepts at this point (C14-9:5, C14-13:5). */
    HOP_POINTER_OUT_OF_RANGE,
    /** A CA was asked to forward, i.e. it is an intermediate hop of the directed part (C14-9:2, C14-13:2). */
    CA_CANNOT_FORWARD,
    /** A CA ends the directed part but DrDLID (outbound) or DrSLID (returning) asks for a LID-routed part (C14-9:3, C14-13:3). */
    CA_CANNOT_LID_ROUTE,
    /** The InitialPath entry that names the egress port is 0 (port 0 is a switch's management port, not a link). */
    INITIAL_PATH_PORT_ZERO,
    /** The ReturnPath entry that names the egress port is 0. */
    RETURN_PATH_PORT_ZERO,
    /** The egress port named by the path is above this node's port count (Linux smi.c checks this on receive). */
    EGRESS_PORT_ABOVE_PORT_COUNT,
    /** The SMP ended its LID-routed part at a node whose LID is not the DrDLID (outbound) or DrSLID (returning). */
    NOT_ADDRESSED_TO_THIS_NODE
}
