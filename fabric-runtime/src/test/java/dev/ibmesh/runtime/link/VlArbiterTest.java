package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class VlArbiterTest {
    /** A 32-entry block from "vl:weight" pairs; the rest are VL0 weight 0. */
    private static VlArbitrationTable block(int... vlWeight) {
        List<VlArbitrationTable.Entry> entries = new ArrayList<>();
        for (int i = 0; i < vlWeight.length; i += 2) {
            entries.add(new VlArbitrationTable.Entry(vlWeight[i], vlWeight[i + 1]));
        }
        while (entries.size() < VlArbitrationTable.ENTRIES_PER_BLOCK) {
            entries.add(new VlArbitrationTable.Entry(0, 0));
        }
        return new VlArbitrationTable(entries);
    }

    /** An arbiter with only a low-priority table (the high one all weight 0). */
    private static VlArbiter lowOnly(int operationalVls, int... vlWeight) {
        VlArbiter arbiter = new VlArbiter(32, 32, operationalVls);
        arbiter.program(VlArbitrationTable.PART_HIGH_0_31, block());
        arbiter.program(VlArbitrationTable.PART_LOW_0_31, block(vlWeight));
        return arbiter;
    }

    private static List<Integer> repeat(int times, Integer... pattern) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            Collections.addAll(out, pattern);
        }
        return out;
    }

    @Test
    void weightedRoundRobinIn64ByteUnits() {
        VlArbiter arbiter = lowOnly(2, 0, 2, 1, 1);
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        assertEquals(repeat(4, 0, 0, 1), lanes.run(arbiter, 12));
    }

    @Test
    void theLastPacketOfATurnMayOverrunTheWeight() {
        // Weight 2 = 128 bytes: a 100-byte packet leaves 28, so a second one still goes.
        TestLanes lanes = new TestLanes().endless(0, 100).endless(1, 64);
        assertEquals(repeat(3, 0, 0, 1), lanes.run(lowOnly(2, 0, 2, 1, 1), 9));
        // A 130-byte packet uses the whole 128 at once.
        lanes = new TestLanes().endless(0, 130).endless(1, 64);
        assertEquals(repeat(3, 0, 1), lanes.run(lowOnly(2, 0, 2, 1, 1), 6));
    }

    @Test
    void entriesWithWeightZeroAreSkipped() {
        VlArbiter arbiter = lowOnly(4, 0, 0, 1, 1, 2, 1, 3, 0);
        TestLanes lanes =
                new TestLanes().endless(0, 64).endless(1, 64).endless(2, 64).endless(3, 64);
        assertEquals(repeat(3, 1, 2), lanes.run(arbiter, 6));
    }

    @Test
    void entriesBeyondOperationalVlsAndVl15AreSkipped() {
        VlArbiter arbiter = lowOnly(2, 0, 1, 4, 1, 15, 1, 1, 1);
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64).endless(4, 64);
        assertEquals(repeat(3, 0, 1), lanes.run(arbiter, 6));
    }

    @Test
    void emptyVlsAreSkippedAndLoseTheirTurn() {
        VlArbiter arbiter = lowOnly(2, 0, 2, 1, 2);
        TestLanes lanes = new TestLanes().endless(1, 64);
        lanes.backlog[0] = 3;
        assertEquals(List.of(0, 0, 1, 1, 0, 1, 1, 1, 1), lanes.run(arbiter, 9));
    }

    @Test
    void vlsWithoutCreditAreSkipped() {
        VlArbiter arbiter = lowOnly(2, 0, 1, 1, 1);
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        lanes.noCredit[0] = true;
        assertEquals(List.of(1, 1, 1), lanes.run(arbiter, 3));
        lanes.noCredit[0] = false;
        assertEquals(List.of(0, 1, 0, 1), lanes.run(arbiter, 4));
        lanes.noCredit[0] = true;
        lanes.noCredit[1] = true;
        assertEquals(List.of(VlArbiter.NONE), lanes.run(arbiter, 1));
    }

    @Test
    void vl15GoesFirstAndLeavesTheTablesWhereTheyWere() {
        VlArbiter arbiter = lowOnly(2, 0, 2, 1, 1);
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        assertEquals(List.of(0), lanes.run(arbiter, 1));
        lanes.backlog[15] = 2;
        assertEquals(List.of(15, 15, 0, 1, 0), lanes.run(arbiter, 5));
    }

    @Test
    void vl15IsServedEvenWithoutTablesOrCredits() {
        VlArbiter arbiter = new VlArbiter(0, 0, 1);
        TestLanes lanes = new TestLanes();
        lanes.backlog[15] = 1;
        lanes.noCredit[0] = true;
        lanes.backlog[0] = 1;
        assertEquals(List.of(15, VlArbiter.NONE), lanes.run(arbiter, 2));
    }

    @Test
    void aPortWithoutTablesServesVl0() {
        VlArbiter arbiter = new VlArbiter(0, 0, 1);
        TestLanes lanes = new TestLanes();
        lanes.backlog[0] = 2;
        assertEquals(List.of(0, 0, VlArbiter.NONE), lanes.run(arbiter, 3));
    }

    /** High: VL0 weight 255. Low: VL1 weight 255. */
    private static VlArbiter highAndLow(int vlHighLimit) {
        VlArbiter arbiter = new VlArbiter(32, 32, 2);
        arbiter.program(VlArbitrationTable.PART_HIGH_0_31, block(0, 255));
        arbiter.program(VlArbitrationTable.PART_LOW_0_31, block(1, 255));
        arbiter.vlHighLimit(vlHighLimit);
        return arbiter;
    }

    @Test
    void highLimitZeroAllowsOneHighPacketBeforeLowGetsATurn() {
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        assertEquals(repeat(4, 0, 1), lanes.run(highAndLow(0), 8));
    }

    @Test
    void highLimitCountsUnitsOf4096Bytes() {
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        List<Integer> expected = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            expected.addAll(Collections.nCopies(64, 0)); // 64 x 64 bytes = 4096
            expected.add(1);
        }
        assertEquals(expected, lanes.run(highAndLow(1), 130));
    }

    @Test
    void highLimit255NeverYields() {
        TestLanes lanes = new TestLanes().endless(0, 4222).endless(1, 64);
        assertEquals(Collections.nCopies(500, 0), lanes.run(highAndLow(255), 500));
    }

    @Test
    void highGoesOnPastTheLimitWhileLowHasNothingAndYieldsAsSoonAsItHas() {
        VlArbiter arbiter = highAndLow(0);
        TestLanes lanes = new TestLanes().endless(0, 64);
        assertEquals(List.of(0, 0, 0), lanes.run(arbiter, 3));
        lanes.endless(1, 64);
        assertEquals(List.of(1, 0, 1, 0), lanes.run(arbiter, 4));
    }

    @Test
    void lowServesWhenHighHasNothingAndResetsTheLimit() {
        VlArbiter arbiter = highAndLow(0);
        TestLanes lanes = new TestLanes().endless(1, 64);
        assertEquals(List.of(1, 1), lanes.run(arbiter, 2));
        lanes.endless(0, 64);
        assertEquals(List.of(0, 1, 0), lanes.run(arbiter, 3));
    }

    @Test
    void defaultTablesAreOpensmsQosDefaults() {
        VlArbiter arbiter = new VlArbiter(32, 32, 15);
        VlArbitrationTable high = arbiter.block(VlArbitrationTable.PART_HIGH_0_31);
        VlArbitrationTable low = arbiter.block(VlArbitrationTable.PART_LOW_0_31);
        assertEquals(new VlArbitrationTable.Entry(0, 4), high.entry(0));
        assertEquals(new VlArbitrationTable.Entry(0, 0), low.entry(0));
        for (int e = 1; e < 15; e++) {
            assertEquals(new VlArbitrationTable.Entry(e, 0), high.entry(e));
            assertEquals(new VlArbitrationTable.Entry(e, 4), low.entry(e));
        }
        assertEquals(new VlArbitrationTable.Entry(0, 0), low.entry(15));
        assertEquals(0, arbiter.vlHighLimit());

        // VL0 is high priority with limit 0, so it alternates with the low table's VL1 (weight 4 = 4 packets).
        arbiter.operationalVls(2);
        TestLanes lanes = new TestLanes().endless(0, 64).endless(1, 64);
        assertEquals(repeat(3, 0, 1), lanes.run(arbiter, 6));
    }

    @Test
    void entries32To63ComeFromParts3And4() {
        VlArbiter arbiter = new VlArbiter(64, 64, 4);
        arbiter.program(VlArbitrationTable.PART_HIGH_0_31, block());
        arbiter.program(VlArbitrationTable.PART_LOW_0_31, block());
        arbiter.program(VlArbitrationTable.PART_LOW_32_63, block(0, 0, 3, 1));
        VlArbitrationTable high = block(2, 9);
        arbiter.program(VlArbitrationTable.PART_HIGH_32_63, high);
        assertEquals(high, arbiter.block(VlArbitrationTable.PART_HIGH_32_63));

        TestLanes lanes = new TestLanes().endless(2, 64).endless(3, 64);
        assertEquals(List.of(2, 3, 2, 3), lanes.run(arbiter, 4));
    }

    @Test
    void entriesBeyondTheCapAreNeverServed() {
        VlArbiter arbiter = new VlArbiter(0, 2, 4);
        arbiter.program(VlArbitrationTable.PART_LOW_0_31, block(0, 0, 1, 1, 2, 1));
        TestLanes lanes = new TestLanes().endless(1, 64).endless(2, 64);
        assertEquals(List.of(1, 1, 1), lanes.run(arbiter, 3));
    }

    @Test
    void rejectsBadConfiguration() {
        VlArbiter arbiter = new VlArbiter(8, 8, 1);
        assertThrows(IllegalArgumentException.class, () -> arbiter.program(5, block()));
        assertThrows(IllegalArgumentException.class, () -> arbiter.vlHighLimit(256));
        assertThrows(IllegalArgumentException.class, () -> arbiter.operationalVls(16));
        assertThrows(IllegalArgumentException.class, () -> new VlArbiter(65, 8, 1));
    }
}
