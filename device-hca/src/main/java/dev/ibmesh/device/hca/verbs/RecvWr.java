package dev.ibmesh.device.hca.verbs;

import java.util.List;

/** A receive work request: where an inbound message is scattered. */
public record RecvWr(long wrId, List<Sge> sgList) {
    public RecvWr {
        sgList = List.copyOf(sgList);
    }
}
