package dev.ibmesh.device.hca.verbs;

/**
 * The L_Key and R_Key of each registration, laid out as hardware lays out memory keys: the region's 24-bit index in
 * the upper bits and an 8-bit key part in the low byte. The key part changes with every registration, so a key kept
 * from a deregistered region does not open the region that later takes its index; the L_Key and R_Key of a region
 * differ, so neither works in the other's place. The first key part is fixed by the node GUID.
 */
final class MemoryKeys {
    /** The two keys of one registration. */
    record Keys(int lkey, int rkey) {}

    private int keyPart;

    MemoryKeys(long nodeGuid) {
        this.keyPart = HandleSeed.in(nodeGuid, "memory key part", 0, 0xFF);
    }

    /** The keys of a new registration of the region with this 24-bit index. */
    Keys next(int index) {
        int base = index << 8;
        Keys k = new Keys(base | keyPart, base | ((keyPart + 1) & 0xFF));
        keyPart = (keyPart + 2) & 0xFF;
        return k;
    }
}
