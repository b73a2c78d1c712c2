package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every SwitchInfo component (IBA 14.2.5.4), addressed by its bit offset and width: read-write components store each
 * legal value and reject each illegal one with status 0x001C, leaving SwitchInfo byte-identical; read-only components
 * keep their value and do not fail the Set.
 */
class SwitchInfoSetTest {
    private static final SwitchContext SWITCH = new SwitchContext(36, true);

    /** A component: spec name, IBA bit offset and width; legal values, illegal values. */
    record Field(String name, int bit, int width, long[] legal, long[] illegal) {
        static Field rw(String name, int bit, int width, long[] legal, long... illegal) {
            return new Field(name, bit, width, legal, illegal);
        }

        static Field ro(String name, int bit, int width, long... values) {
            return new Field(name, bit, width, values, new long[0]);
        }

        SwitchInfo with(SwitchInfo s, long value) {
            byte[] b = s.toBytes();
            Bits.put(b, 0, bit, width, value);
            return SwitchInfo.decode(b, 0);
        }

        long get(SwitchInfo s) {
            return Bits.get(s.toBytes(), 0, bit, width);
        }
    }

    /** LinearFDBCap 0xC000, MulticastFDBCap 0x200, PortStateChange set, EnhancedPort0, 36 ports. */
    static SwitchInfo current() {
        return new SwitchInfo(
                0xC000, 0, 0x200, 0x0100, 0, 0xFF, 0xFF, 0x12, true, 1, 0, 32, true, true, false, false, true, 0,
                0xC010);
    }

    private static final Field PORT_STATE_CHANGE = new Field("PortStateChange", 93, 1, new long[0], new long[0]);

    /** What an SM sends back after a Get: the same SwitchInfo with PortStateChange 0, so that it stays set. */
    static SwitchInfo request(SwitchInfo current) {
        return PORT_STATE_CHANGE.with(current, 0);
    }

    static List<Field> readWriteFields() {
        return List.of(
                Field.rw("LinearFDBTop", 48, 16, new long[] {0, 0x100, 0xBFFF}, 0xC000, 0xFFFF),
                Field.rw("DefaultPort", 64, 8, new long[] {0, 1, 36}, 37, 0xFE, 0xFF),
                Field.rw("DefaultMulticastPrimaryPort", 72, 8, new long[] {0, 36, 0xFF}, 37, 0xFE),
                Field.rw("DefaultMulticastNotPrimaryPort", 80, 8, new long[] {0, 36, 0xFF}, 37, 0xFE),
                Field.rw("LifeTimeValue", 88, 5, new long[] {0, 0x12, 0x14, 31}),
                Field.rw("MulticastFDBTop", 144, 16, new long[] {0, 0xBFFF, 0xC000, 0xC1FF}, 0xC200, 0xFFFF));
    }

    static List<Field> readOnlyFields() {
        return List.of(
                Field.ro("LinearFDBCap", 0, 16, 0x1000, 0xFFFF),
                Field.ro("RandomFDBCap", 16, 16, 0x100),
                Field.ro("MulticastFDBCap", 32, 16, 0, 0x1000),
                Field.ro("OptimizedSLtoVLMappingProgramming", 94, 2, 0, 3),
                Field.ro("LIDsPerPort", 96, 16, 8),
                Field.ro("PartitionEnforcementCap", 112, 16, 0, 0xFFFF),
                Field.ro("InboundEnforcementCap", 128, 1, 0),
                Field.ro("OutboundEnforcementCap", 129, 1, 0),
                Field.ro("FilterRawInboundCap", 130, 1, 1),
                Field.ro("FilterRawOutboundCap", 131, 1, 1),
                Field.ro("EnhancedPort0", 132, 1, 0),
                Field.ro("reserved133", 133, 11, 0x7FF));
    }

    @TestFactory
    Stream<DynamicTest> everyComponent() {
        SwitchInfo current = current();
        List<DynamicTest> tests = new ArrayList<>();
        for (Field f : readWriteFields()) {
            for (long v : f.legal()) {
                tests.add(DynamicTest.dynamicTest(
                        f.name() + " " + v + " is stored", () -> assertStored(current, f, v, v)));
            }
            for (long v : f.illegal()) {
                tests.add(DynamicTest.dynamicTest(f.name() + " " + v + " is invalid", () -> {
                    SetResult<SwitchInfo> r = SwitchInfoSet.apply(current, f.with(request(current), v), SWITCH);
                    assertFalse(r.isValid(), f.name() + " " + v + " was accepted");
                    assertEquals(0x001C, r.status());
                    assertTrue(r.invalidReason().startsWith(f.name() + " "), r.invalidReason());
                    assertArrayEquals(current.toBytes(), r.attribute().toBytes());
                }));
            }
        }
        for (Field f : readOnlyFields()) {
            for (long v : f.legal()) {
                tests.add(DynamicTest.dynamicTest(
                        f.name() + " " + v + " is read-only", () -> assertStored(current, f, v, f.get(current))));
            }
        }
        return tests.stream();
    }

    private static void assertStored(SwitchInfo current, Field f, long value, long stored) {
        SetResult<SwitchInfo> r = SwitchInfoSet.apply(current, f.with(request(current), value), SWITCH);
        assertTrue(r.isValid(), () -> r.invalidReason());
        assertEquals(List.of(), r.actions());
        assertArrayEquals(f.with(current, stored).toBytes(), r.attribute().toBytes(), "only " + f.name());
    }

    @Test
    void portStateChangeIsClearedByWritingOne() {
        SwitchInfo current = current();
        Field psc = PORT_STATE_CHANGE;
        assertFalse(SwitchInfoSet.apply(current, psc.with(current, 1), SWITCH)
                .attribute()
                .portStateChange());
        assertTrue(
                SwitchInfoSet.apply(current, psc.with(current, 0), SWITCH)
                        .attribute()
                        .portStateChange(),
                "writing 0 is ignored");
        SwitchInfo clear = psc.with(current, 0);
        assertFalse(SwitchInfoSet.apply(clear, psc.with(clear, 0), SWITCH)
                .attribute()
                .portStateChange());
        assertFalse(
                SwitchInfoSet.apply(clear, psc.with(clear, 1), SWITCH)
                        .attribute()
                        .portStateChange(),
                "a Set never sets it");
    }

    @Test
    void multicastFdbTopIsIgnoredWithoutTheCapability() {
        SwitchInfo current = current();
        SwitchContext noTop = new SwitchContext(36, false);
        for (int top : new int[] {0, 0xC100, 0xFFFF}) {
            SwitchInfo requested = readWriteFields().get(5).with(request(current), top);
            SetResult<SwitchInfo> r = SwitchInfoSet.apply(current, requested, noTop);
            assertTrue(r.isValid());
            assertEquals(current.multicastFdbTop(), r.attribute().multicastFdbTop());
        }
    }

    @Test
    void linearFdbTopIsIgnoredWithoutALinearTable() {
        SwitchInfo randomOnly = new SwitchInfo(
                0, 0x1000, 0x200, 0, 0, 0xFF, 0xFF, 0x12, false, 0, 1, 32, false, false, false, false, true, 0, 0);
        SetResult<SwitchInfo> r =
                SwitchInfoSet.apply(randomOnly, readWriteFields().get(0).with(randomOnly, 0xFFFF), SWITCH);
        assertTrue(r.isValid());
        assertEquals(0, r.attribute().linearFdbTop());
    }

    @Test
    void oneIllegalComponentRejectsTheWholeSet() {
        SwitchInfo current = current();
        SwitchInfo requested = new SwitchInfo(
                0xC000, 0, 0x200, 0x0200, 5, 0xFF, 0xFF, 0x10, false, 1, 0, 32, true, true, false, false, true, 0,
                0xC300);
        SetResult<SwitchInfo> r = SwitchInfoSet.apply(current, requested, SWITCH);
        assertTrue(r.invalidReason().startsWith("MulticastFDBTop 0xC300"), r.invalidReason());
        assertArrayEquals(current.toBytes(), r.attribute().toBytes());
    }
}
