package dev.ibmesh.runtime.topology;

/** A PortInfo value with its IBA code (or mask bit) and the name people write for it. */
interface Coded {
    int code();

    String label();
}
