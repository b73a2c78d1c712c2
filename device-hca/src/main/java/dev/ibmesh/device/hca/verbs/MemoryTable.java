package dev.ibmesh.device.hca.verbs;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** The HCA's registered regions by L_Key and by R_Key, where the transport looks keys up. */
public final class MemoryTable {
    private final Map<Integer, MemoryRegion> byLkey = new HashMap<>();
    private final Map<Integer, MemoryRegion> byRkey = new HashMap<>();

    void add(MemoryRegion mr) {
        byLkey.put(mr.lkey(), mr);
        byRkey.put(mr.rkey(), mr);
    }

    void remove(MemoryRegion mr) {
        byLkey.remove(mr.lkey());
        byRkey.remove(mr.rkey());
    }

    /** The region with this L_Key, or null. */
    public MemoryRegion byLkey(int lkey) {
        return byLkey.get(lkey);
    }

    /** Every registered region. */
    public Collection<MemoryRegion> regions() {
        return Collections.unmodifiableCollection(byLkey.values());
    }

    /** The region with this R_Key, or null. */
    public MemoryRegion byRkey(int rkey) {
        return byRkey.get(rkey);
    }
}
