package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property: over random tables and random traffic, a VL that has weight &gt; 0 in the low-priority table and always
 * has a packet and credit waits a bounded number of selections. The bound holds for any VLHighLimit below 255 (255
 * lets the high-priority table starve the low one, by design) and without VL15 traffic (VL15 preempts everything).
 *
 * <p>Tables, weights and the limit are kept small enough that each run lasts several times its bound, so the
 * target must be served again and again, not merely "not yet starved".
 */
class VlArbiterStarvationTest {
    private static final int[] OPERATIONAL_VLS = {1, 2, 4, 8, 15};
    private static final int MIN_PACKET = 64;
    private static final int MAX_PACKET = 4222;
    private static final int MAX_CAP = 24;
    private static final int MAX_WEIGHT = 24;
    private static final int MAX_HIGH_LIMIT = 3;

    @Test
    void aWeightedLowPriorityVlWithCreditIsNeverStarved() {
        for (long seed = 0; seed < 300; seed++) {
            check(seed);
        }
    }

    private static void check(long seed) {
        Random random = new Random(seed);
        int operationalVls = OPERATIONAL_VLS[random.nextInt(OPERATIONAL_VLS.length)];
        int highCap = 1 + random.nextInt(MAX_CAP);
        int lowCap = 1 + random.nextInt(MAX_CAP);
        int vlHighLimit = random.nextInt(MAX_HIGH_LIMIT + 1);
        VlArbiter arbiter = new VlArbiter(highCap, lowCap, operationalVls);
        arbiter.vlHighLimit(vlHighLimit);

        int[][] low = randomEntries(random);
        int targetEntry = random.nextInt(lowCap);
        int target = random.nextInt(operationalVls);
        low[targetEntry][0] = target;
        low[targetEntry][1] = 1 + random.nextInt(MAX_WEIGHT);
        program(arbiter, randomEntries(random), low);

        // Low packets before the target's turn: a round of every entry, plus what is left of the current one; an
        // entry sends at most ceil(weight * 64 / MIN_PACKET) packets.
        long lowPackets = 1 + MAX_WEIGHT;
        for (int e = 0; e < lowCap; e++) {
            lowPackets += (low[e][1] * 64L) / MIN_PACKET + 1;
        }
        // High packets between two low ones: the limit in bytes over the smallest packet, plus the one that crosses.
        long highPackets = (vlHighLimit * 4096L) / MIN_PACKET + 2;
        long bound = lowPackets * (highPackets + 1);

        RandomLanes lanes = new RandomLanes(random, target);
        // Three bounds' worth of selections: a run that passes served the target at least three times.
        long selections = 3 * bound + 1;
        long sinceServed = 0;
        for (long i = 0; i < selections; i++) {
            lanes.shuffle();
            int vl = arbiter.select(lanes);
            if (vl == target) {
                sinceServed = 0;
            } else if (++sinceServed > bound) {
                fail("seed " + seed + ": VL" + target + " waited " + sinceServed + " selections, bound " + bound);
            }
        }
    }

    private static int[][] randomEntries(Random random) {
        int[][] entries = new int[ArbitrationTable.MAX_ENTRIES][2];
        for (int[] e : entries) {
            e[0] = random.nextInt(16);
            e[1] = random.nextInt(10) < 3 ? 0 : random.nextInt(MAX_WEIGHT + 1);
        }
        return entries;
    }

    private static void program(VlArbiter arbiter, int[][] high, int[][] low) {
        arbiter.program(VlArbitrationTable.PART_HIGH_0_31, block(high, 0));
        arbiter.program(VlArbitrationTable.PART_HIGH_32_63, block(high, 32));
        arbiter.program(VlArbitrationTable.PART_LOW_0_31, block(low, 0));
        arbiter.program(VlArbitrationTable.PART_LOW_32_63, block(low, 32));
    }

    private static VlArbitrationTable block(int[][] entries, int first) {
        List<VlArbitrationTable.Entry> block = new ArrayList<>();
        for (int i = 0; i < VlArbitrationTable.ENTRIES_PER_BLOCK; i++) {
            block.add(new VlArbitrationTable.Entry(entries[first + i][0], entries[first + i][1]));
        }
        return new VlArbitrationTable(block);
    }

    /**
     * Random packet sizes on every data VL. The target is always ready; each other VL is, for the whole run, always
     * ready (a hog), never ready, or coming and going with its packets and credit.
     */
    private static final class RandomLanes implements VlArbiter.Lanes {
        private static final int COMES_AND_GOES = 0;
        private static final int HOG = 1;

        private final Random random;
        private final int[] behaviour = new int[15];
        private final boolean[] ready = new boolean[16];
        private final int[] bytes = new int[16];

        RandomLanes(Random random, int target) {
            this.random = random;
            for (int vl = 0; vl < behaviour.length; vl++) {
                behaviour[vl] = vl == target ? HOG : random.nextInt(3);
            }
        }

        void shuffle() {
            for (int vl = 0; vl < behaviour.length; vl++) {
                ready[vl] = behaviour[vl] == HOG || (behaviour[vl] == COMES_AND_GOES && random.nextBoolean());
                bytes[vl] = MIN_PACKET + random.nextInt(MAX_PACKET - MIN_PACKET + 1);
            }
        }

        @Override
        public boolean ready(int vl) {
            return ready[vl];
        }

        @Override
        public int headBytes(int vl) {
            return bytes[vl];
        }
    }
}
