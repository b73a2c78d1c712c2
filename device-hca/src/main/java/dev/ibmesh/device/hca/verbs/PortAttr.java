package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Mtu;

/** What {@code ibv_query_port} reports, the part the transport knows. */
public record PortAttr(int port, boolean active, int lid, int lmc, Mtu activeMtu, int pkeyTableSize) {}
