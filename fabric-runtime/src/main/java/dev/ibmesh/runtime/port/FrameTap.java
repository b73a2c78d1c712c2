package dev.ibmesh.runtime.port;

import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfType;

/** Sees every frame a port sends or receives, before any check (trace capture). Event loop only. */
@FunctionalInterface
public interface FrameTap {
    void frame(Port port, Direction direction, ErfType type, byte[] bytes);
}
