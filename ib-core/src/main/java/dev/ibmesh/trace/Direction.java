package dev.ibmesh.trace;

/**
 * Which way a traced packet crossed its port: {@link #RX} arrived at the port, {@link #TX} left it. How the direction
 * is stored in an ERF record is described in {@link ErfFlags}.
 */
public enum Direction {
    RX,
    TX
}
