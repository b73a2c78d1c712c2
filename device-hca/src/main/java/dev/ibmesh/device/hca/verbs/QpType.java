package dev.ibmesh.device.hca.verbs;

/** The transport service of a QP (libibverbs {@code IBV_QPT_RC}, {@code _UC}, {@code _UD}). */
public enum QpType {
    RC,
    UC,
    UD
}
