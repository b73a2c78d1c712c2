package dev.ibmesh.runtime.link;

/**
 * One VL arbitration table, high or low priority (IBA vol 1 section 7.6.9): up to 64 (VL, Weight) entries served
 * in weighted round robin. The current entry may send while it has weight left; each packet takes its size in bytes
 * off the entry's Weight x 64 bytes, and the packet that uses the last of it is sent whole, so an entry may overrun
 * its weight by less than one packet (the usual reading of "weight in units of 64 bytes"; [unverified] against the
 * wording of 7.6.9). Then the next entry takes over with its full weight.
 *
 * <p>An entry is skipped when its weight is 0, when it names a VL at or above OperationalVLs (VL15 included), or
 * when its VL has nothing ready to send (no packet, or no credit for the head packet). IBA lets a port either skip an
 * entry naming an unsupported VL or send from any supported VL for it (the opensm manual quotes this); we skip.
 * A skipped entry loses the weight it had left.
 *
 * <p>Owned by one port's {@link VlArbiter}, on its event loop. {@link #pick} allocates nothing.
 */
final class ArbitrationTable {
    static final int MAX_ENTRIES = 64;

    private final int[] vl = new int[MAX_ENTRIES];
    private final int[] weight = new int[MAX_ENTRIES];
    /** VLArbitrationHighCap or LowCap: the entries this port uses. Entries beyond it are stored but never served. */
    private final int capacity;

    private int index;
    private int remainingBytes;
    /** Bit n set when an entry in use names VL n with a weight: a table whose VLs are not ready can say so at once. */
    private int servedVls;
    /** For each entry, the next entry in use with a weight (cyclic), so a sparse table is walked in a few steps. */
    private final int[] nextServed = new int[MAX_ENTRIES];

    ArbitrationTable(int capacity) {
        if (capacity < 0 || capacity > MAX_ENTRIES) {
            throw new IllegalArgumentException("VL arbitration table capacity must be 0..64 entries, was " + capacity);
        }
        this.capacity = capacity;
    }

    void set(int entry, int entryVl, int entryWeight) {
        vl[entry] = entryVl;
        weight[entry] = entryWeight;
        servedVls = 0;
        int following = -1;
        for (int i = 2 * capacity - 1; i >= 0; i--) {
            int e = i % capacity;
            if (i < capacity) {
                nextServed[e] = following;
            }
            if (weight[e] > 0) {
                servedVls |= 1 << vl[e];
                following = e;
            }
        }
    }

    int vl(int entry) {
        return vl[entry];
    }

    int weight(int entry) {
        return weight[entry];
    }

    int capacity() {
        return capacity;
    }

    /** Starts again from entry 0 with its full weight (after the table was reprogrammed). */
    void restart() {
        index = 0;
        remainingBytes = weight[0] * Blocks.BLOCK_BYTES;
    }

    /**
     * The VL of the next packet this table sends, charged against its entry's weight, or {@link VlArbiter#NONE}
     * if no entry can send. {@code ready} has bit n set when data VL n is operational and can send its head packet.
     * Visits each entry at most once, plus the current one again with its full weight.
     */
    int pick(VlArbiter.Lanes lanes, int ready) {
        if (capacity == 0 || (servedVls & ready) == 0) {
            return VlArbiter.NONE;
        }
        for (int visited = 0; visited <= capacity; visited++) {
            int candidate = vl[index];
            if (remainingBytes > 0 && ((ready >>> candidate) & 1) != 0) {
                remainingBytes -= lanes.headBytes(candidate);
                if (remainingBytes <= 0) {
                    advance();
                }
                return candidate;
            }
            advance();
        }
        return VlArbiter.NONE;
    }

    /** Moves to the next entry with a weight (entries of weight 0 are skipped as the spec says, without a visit). */
    private void advance() {
        int next = nextServed[index];
        index = next < 0 ? (index + 1) % capacity : next;
        remainingBytes = weight[index] * Blocks.BLOCK_BYTES;
    }
}
