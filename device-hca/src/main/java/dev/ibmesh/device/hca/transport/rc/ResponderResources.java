package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.Psn;
import java.util.ArrayDeque;

/**
 * What the RC responder remembers of its last max_dest_rd_atomic RDMA READs and atomics, to answer duplicates: a
 * duplicate READ is executed again from the memory as it is now; a duplicate atomic is answered with the saved
 * original value, never executed twice (IBA 9.7.5.1.3 [unverified]).
 */
final class ResponderResources {
    /** A READ (its response PSNs) or an atomic (one PSN and the original value it returned). */
    record Resource(int firstPsn, int packets, boolean atomic, long original) {
        boolean contains(int psn) {
            int d = Psn.diff(psn, firstPsn);
            return d >= 0 && d < packets;
        }
    }

    private final ArrayDeque<Resource> saved = new ArrayDeque<>();
    private int capacity = 1;

    void reset(int maxDestRdAtomic) {
        saved.clear();
        capacity = Math.max(1, maxDestRdAtomic);
    }

    void save(Resource r) {
        if (saved.size() == capacity) {
            saved.poll();
        }
        saved.add(r);
    }

    /** The saved READ or atomic whose PSNs include {@code psn}, or null. */
    Resource find(int psn) {
        for (Resource r : saved) {
            if (r.contains(psn)) {
                return r;
            }
        }
        return null;
    }
}
