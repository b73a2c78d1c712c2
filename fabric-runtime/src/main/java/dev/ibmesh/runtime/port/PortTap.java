package dev.ibmesh.runtime.port;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfType;

/**
 * Where a port's frames go to be captured: the {@link FrameTap} the control API set, or none. Sent frames are seen
 * as this port sent them (before the cable impairs them), received ones as they arrived (before any check).
 *
 * <p>Threading: event loop only.
 */
final class PortTap {
    private final Port port;
    private FrameTap tap;

    PortTap(Port port) {
        this.port = port;
    }

    void set(FrameTap newTap) {
        this.tap = newTap;
    }

    void sent(Frame.Kind kind, byte[] bytes) {
        if (tap != null) {
            tap.frame(port, Direction.TX, erfType(kind), bytes);
        }
    }

    void received(Frame.Kind kind, byte[] bytes) {
        if (tap != null) {
            tap.frame(port, Direction.RX, erfType(kind), bytes);
        }
    }

    private static ErfType erfType(Frame.Kind kind) {
        return kind == Frame.Kind.LINK ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND;
    }
}
