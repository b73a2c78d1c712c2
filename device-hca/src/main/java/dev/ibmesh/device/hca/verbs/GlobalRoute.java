package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Gid;

/** The GRH part of an address vector (libibverbs {@code struct ibv_global_route}). */
public record GlobalRoute(Gid dgid, int flowLabel, int sgidIndex, int hopLimit, int trafficClass) {
    public GlobalRoute {
        VerbsException.range("grh.flow_label", flowLabel, 0, 0xFFFFF);
        VerbsException.range("grh.hop_limit", hopLimit, 0, 255);
        VerbsException.range("grh.traffic_class", trafficClass, 0, 255);
        VerbsException.range("grh.sgid_index", sgidIndex, 0, 255);
        if (dgid == null) {
            throw VerbsException.invalid("grh.dgid is required");
        }
    }
}
