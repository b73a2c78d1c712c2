package dev.ibmesh.runtime.sma;

import static dev.ibmesh.runtime.sma.PortKind.BASE_SWITCH_PORT_0;
import static dev.ibmesh.runtime.sma.PortKind.CA_PORT;
import static dev.ibmesh.runtime.sma.PortKind.ENHANCED_SWITCH_PORT_0;
import static dev.ibmesh.runtime.sma.PortKind.SWITCH_EXTERNAL_PORT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.sma.SmaAction.ViolationCounter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every read-write PortInfo component on every kind of port: each legal value is stored (and nothing else changes),
 * each illegal value makes the whole Set invalid with status 0x001C and leaves the PortInfo byte-identical; on a kind
 * of port the component does not apply to, any value is ignored. Read-only components never change and never fail a
 * Set. The PortState and PortPhysicalState rules, which depend on the current state, are tested separately.
 */
class PortInfoSetTest {
    private static final Set<PortKind> END_PORT = EnumSet.of(CA_PORT, BASE_SWITCH_PORT_0, ENHANCED_SWITCH_PORT_0);
    private static final Set<PortKind> LINK = EnumSet.of(CA_PORT, SWITCH_EXTERNAL_PORT, ENHANCED_SWITCH_PORT_0);
    private static final Set<PortKind> LMC = EnumSet.of(CA_PORT, ENHANCED_SWITCH_PORT_0);
    private static final Set<PortKind> SWITCH_EXTERNAL = EnumSet.of(SWITCH_EXTERNAL_PORT);
    private static final Set<PortKind> ALL = EnumSet.allOf(PortKind.class);

    /** One component: where it applies, how to write and read it, its legal values (value, stored) and illegal ones. */
    record Field(
            String name,
            Set<PortKind> kinds,
            BiFunction<PortInfo.Builder, Long, PortInfo.Builder> set,
            ToLongFunction<PortInfo> get,
            List<long[]> legal,
            List<Long> illegal) {
        static Field of(
                String name,
                Set<PortKind> kinds,
                BiFunction<PortInfo.Builder, Long, PortInfo.Builder> set,
                ToLongFunction<PortInfo> get) {
            return new Field(name, kinds, set, get, List.of(), List.of());
        }

        Field legal(long... values) {
            Field f = this;
            for (long v : values) {
                f = f.legalAs(v, v);
            }
            return f;
        }

        Field legalRange(long from, long to) {
            return legal(LongStream.rangeClosed(from, to).toArray());
        }

        /** A legal value that stores something else (0 = no change, 255 = supported, ...). */
        Field legalAs(long value, long stored) {
            List<long[]> l = new ArrayList<>(legal);
            l.add(new long[] {value, stored});
            return new Field(name, kinds, set, get, l, illegal);
        }

        Field illegal(long... values) {
            List<Long> l = new ArrayList<>(illegal);
            LongStream.of(values).forEach(l::add);
            return new Field(name, kinds, set, get, legal, l);
        }

        Field illegalRange(long from, long to) {
            return illegal(LongStream.rangeClosed(from, to).toArray());
        }

        PortInfo with(PortInfo.Builder b, long value) {
            return set.apply(b, value).build();
        }
    }

    /** The fixture has LinkWidthSupported 3, LinkSpeedSupported 5, LinkSpeedExtSupported 3, VLCap 3, MTUCap 4. */
    static List<Field> readWriteFields() {
        PortInfo c = PortInfoFixture.current();
        return List.of(
                Field.of("M_Key", END_PORT, PortInfo.Builder::mKey, PortInfo::mKey)
                        .legal(0, 1, -1L),
                Field.of("GidPrefix", END_PORT, PortInfo.Builder::gidPrefix, PortInfo::gidPrefix)
                        .legal(0, 0xFE80000000000000L, 0x1234L),
                Field.of("LID", END_PORT, (b, v) -> b.lid(v.intValue()), PortInfo::lid)
                        .legal(1, 0x10, 0xBFFF)
                        .illegal(0, 0xC000, 0xFFFE, 0xFFFF),
                Field.of("MasterSMLID", END_PORT, (b, v) -> b.masterSmLid(v.intValue()), PortInfo::masterSmLid)
                        .legal(1, 0xBFFF)
                        .illegal(0, 0xC000, 0xFFFF),
                Field.of(
                                "M_KeyLeasePeriod",
                                END_PORT,
                                (b, v) -> b.mKeyLeasePeriod(v.intValue()),
                                PortInfo::mKeyLeasePeriod)
                        .legal(0, 1, 0xFFFF),
                Field.of(
                                "M_KeyProtectBits",
                                END_PORT,
                                (b, v) -> b.mKeyProtectBits(v.intValue()),
                                PortInfo::mKeyProtectBits)
                        .legalRange(0, 3),
                Field.of("MasterSMSL", END_PORT, (b, v) -> b.masterSmSl(v.intValue()), PortInfo::masterSmSl)
                        .legalRange(0, 15),
                Field.of("SubnetTimeOut", END_PORT, (b, v) -> b.subnetTimeOut(v.intValue()), PortInfo::subnetTimeOut)
                        .legalRange(0, 31),
                Field.of("InitTypeReply", END_PORT, (b, v) -> b.initTypeReply(v.intValue()), PortInfo::initTypeReply)
                        .legalRange(0, 8)
                        .illegalRange(9, 15),
                Field.of(
                                "MulticastPKeyTrapSuppressionEnabled",
                                END_PORT,
                                (b, v) -> b.multicastPKeyTrapSuppressionEnabled(v.intValue()),
                                PortInfo::multicastPKeyTrapSuppressionEnabled)
                        .legalRange(0, 3),
                Field.of(
                                "M_KeyViolations",
                                END_PORT,
                                (b, v) -> b.mKeyViolations(v.intValue()),
                                PortInfo::mKeyViolations)
                        .legalAs(0, 0)
                        .legalAs(9, c.mKeyViolations())
                        .legalAs(0xFFFF, c.mKeyViolations()),
                Field.of(
                                "Q_KeyViolations",
                                END_PORT,
                                (b, v) -> b.qKeyViolations(v.intValue()),
                                PortInfo::qKeyViolations)
                        .legalAs(0, 0)
                        .legalAs(9, c.qKeyViolations()),
                Field.of("P_KeyViolations", ALL, (b, v) -> b.pKeyViolations(v.intValue()), PortInfo::pKeyViolations)
                        .legalAs(0, 0)
                        .legalAs(9, c.pKeyViolations()),
                Field.of("LMC", LMC, (b, v) -> b.lmc(v.intValue()), PortInfo::lmc)
                        .legalRange(0, 7),
                Field.of(
                                "LinkWidthEnabled",
                                LINK,
                                (b, v) -> b.linkWidthEnabled(v.intValue()),
                                PortInfo::linkWidthEnabled)
                        .legalAs(0, c.linkWidthEnabled())
                        .legal(1, 2, 3)
                        .legalAs(255, c.linkWidthSupported())
                        .illegal(4, 5, 8, 11, 16, 17, 31, 32, 64, 128, 254),
                Field.of(
                                "LinkSpeedEnabled",
                                LINK,
                                (b, v) -> b.linkSpeedEnabled(v.intValue()),
                                PortInfo::linkSpeedEnabled)
                        .legalAs(0, c.linkSpeedEnabled())
                        .legal(1, 4, 5)
                        .legalAs(15, c.linkSpeedSupported())
                        .illegal(2, 3, 6, 7)
                        .illegalRange(8, 14),
                Field.of(
                                "LinkSpeedExtEnabled",
                                LINK,
                                (b, v) -> b.linkSpeedExtEnabled(v.intValue()),
                                PortInfo::linkSpeedExtEnabled)
                        .legalAs(0, c.linkSpeedExtEnabled())
                        .legal(1, 2, 3)
                        .legalAs(30, 0)
                        .legalAs(31, c.linkSpeedExtSupported())
                        .illegal(4, 7, 8, 15)
                        .illegalRange(16, 29),
                Field.of(
                                "LinkDownDefaultState",
                                LINK,
                                (b, v) -> b.linkDownDefaultState(v.intValue()),
                                PortInfo::linkDownDefaultState)
                        .legalAs(0, c.linkDownDefaultState())
                        .legal(1, 2)
                        .illegalRange(3, 15),
                Field.of("NeighborMTU", LINK, (b, v) -> b.neighborMtu(v.intValue()), PortInfo::neighborMtu)
                        .legalRange(1, 4)
                        .illegal(0, 5)
                        .illegalRange(6, 15),
                Field.of("OperationalVLs", LINK, (b, v) -> b.operationalVls(v.intValue()), PortInfo::operationalVls)
                        .legalAs(0, c.operationalVls())
                        .legal(1, 2, 3)
                        .illegal(4, 5)
                        .illegalRange(6, 15),
                Field.of("VLHighLimit", LINK, (b, v) -> b.vlHighLimit(v.intValue()), PortInfo::vlHighLimit)
                        .legal(0, 1, 128, 255),
                Field.of("VLStallCount", LINK, (b, v) -> b.vlStallCount(v.intValue()), PortInfo::vlStallCount)
                        .legalRange(0, 7),
                Field.of("HOQLife", LINK, (b, v) -> b.hoqLife(v.intValue()), PortInfo::hoqLife)
                        .legalRange(0, 31),
                Field.of("LocalPhyErrors", LINK, (b, v) -> b.localPhyErrors(v.intValue()), PortInfo::localPhyErrors)
                        .legalRange(0, 15),
                Field.of("OverrunErrors", LINK, (b, v) -> b.overrunErrors(v.intValue()), PortInfo::overrunErrors)
                        .legalRange(0, 15),
                Field.of(
                                "PartitionEnforcementInbound",
                                SWITCH_EXTERNAL,
                                (b, v) -> b.partitionEnforcementInbound(v != 0),
                                p -> p.partitionEnforcementInbound() ? 1 : 0)
                        .legal(0, 1),
                Field.of(
                                "PartitionEnforcementOutbound",
                                SWITCH_EXTERNAL,
                                (b, v) -> b.partitionEnforcementOutbound(v != 0),
                                p -> p.partitionEnforcementOutbound() ? 1 : 0)
                        .legal(0, 1),
                Field.of(
                                "FilterRawInbound",
                                SWITCH_EXTERNAL,
                                (b, v) -> b.filterRawInbound(v != 0),
                                p -> p.filterRawInbound() ? 1 : 0)
                        .legal(0, 1),
                Field.of(
                                "FilterRawOutbound",
                                SWITCH_EXTERNAL,
                                (b, v) -> b.filterRawOutbound(v != 0),
                                p -> p.filterRawOutbound() ? 1 : 0)
                        .legal(0, 1));
    }

    /** Read-only components (and reserved bits), each with a value different from the fixture's. */
    static List<Field> readOnlyFields() {
        return List.of(
                Field.of("CapabilityMask", ALL, (b, v) -> b.capabilityMask(v.intValue()), PortInfo::capabilityMask)
                        .legal(0, 0xFFFF_FFFFL),
                Field.of("DiagCode", ALL, (b, v) -> b.diagCode(v.intValue()), PortInfo::diagCode)
                        .legal(4),
                Field.of("LocalPortNum", ALL, (b, v) -> b.localPortNum(v.intValue()), PortInfo::localPortNum)
                        .legal(0, 9),
                Field.of(
                                "LinkWidthSupported",
                                ALL,
                                (b, v) -> b.linkWidthSupported(v.intValue()),
                                PortInfo::linkWidthSupported)
                        .legal(1, 11, 31),
                Field.of("LinkWidthActive", ALL, (b, v) -> b.linkWidthActive(v.intValue()), PortInfo::linkWidthActive)
                        .legal(1, 8),
                Field.of(
                                "LinkSpeedSupported",
                                ALL,
                                (b, v) -> b.linkSpeedSupported(v.intValue()),
                                PortInfo::linkSpeedSupported)
                        .legal(1, 7, 15),
                Field.of("LinkSpeedActive", ALL, (b, v) -> b.linkSpeedActive(v.intValue()), PortInfo::linkSpeedActive)
                        .legal(1, 2),
                Field.of("VLCap", ALL, (b, v) -> b.vlCap(v.intValue()), PortInfo::vlCap)
                        .legal(1, 5, 15),
                Field.of("InitType", ALL, (b, v) -> b.initType(v.intValue()), PortInfo::initType)
                        .legal(1, 15),
                Field.of(
                                "VLArbitrationHighCap",
                                ALL,
                                (b, v) -> b.vlArbitrationHighCap(v.intValue()),
                                PortInfo::vlArbitrationHighCap)
                        .legal(0, 64),
                Field.of(
                                "VLArbitrationLowCap",
                                ALL,
                                (b, v) -> b.vlArbitrationLowCap(v.intValue()),
                                PortInfo::vlArbitrationLowCap)
                        .legal(0, 64),
                Field.of("MTUCap", ALL, (b, v) -> b.mtuCap(v.intValue()), PortInfo::mtuCap)
                        .legal(1, 5, 15),
                Field.of("GUIDCap", ALL, (b, v) -> b.guidCap(v.intValue()), PortInfo::guidCap)
                        .legal(0, 32),
                Field.of("RespTimeValue", ALL, (b, v) -> b.respTimeValue(v.intValue()), PortInfo::respTimeValue)
                        .legal(0, 31),
                Field.of("MaxCreditHint", ALL, (b, v) -> b.maxCreditHint(v.intValue()), PortInfo::maxCreditHint)
                        .legal(0xFFFF),
                Field.of(
                                "LinkRoundTripLatency",
                                ALL,
                                (b, v) -> b.linkRoundTripLatency(v.intValue()),
                                PortInfo::linkRoundTripLatency)
                        .legal(0, 0xFFFFFF),
                Field.of("CapabilityMask2", ALL, (b, v) -> b.capabilityMask2(v.intValue()), PortInfo::capabilityMask2)
                        .legal(0xFFFF),
                Field.of(
                                "LinkSpeedExtActive",
                                ALL,
                                (b, v) -> b.linkSpeedExtActive(v.intValue()),
                                PortInfo::linkSpeedExtActive)
                        .legal(0, 1),
                Field.of(
                                "LinkSpeedExtSupported",
                                ALL,
                                (b, v) -> b.linkSpeedExtSupported(v.intValue()),
                                PortInfo::linkSpeedExtSupported)
                        .legal(0, 15),
                Field.of(
                                "LinkSpeedExtActive2",
                                ALL,
                                (b, v) -> b.linkSpeedExtActive2(v.intValue()),
                                PortInfo::linkSpeedExtActive2)
                        .legal(1),
                Field.of(
                                "LinkSpeedExtSupported2",
                                ALL,
                                (b, v) -> b.linkSpeedExtSupported2(v.intValue()),
                                PortInfo::linkSpeedExtSupported2)
                        .legal(1),
                Field.of(
                                "LinkSpeedExtEnabled2",
                                ALL,
                                (b, v) -> b.linkSpeedExtEnabled2(v.intValue()),
                                PortInfo::linkSpeedExtEnabled2)
                        .legal(1, 7),
                Field.of("reserved274", ALL, (b, v) -> b.reserved274(v.intValue()), PortInfo::reserved274)
                        .legal(7),
                Field.of("reserved416", ALL, (b, v) -> b.reserved416(v.intValue()), PortInfo::reserved416)
                        .legal(7),
                Field.of("reserved448", ALL, (b, v) -> b.reserved448(v.intValue()), PortInfo::reserved448)
                        .legal(1),
                Field.of("reserved504", ALL, (b, v) -> b.reserved504(v.intValue()), PortInfo::reserved504)
                        .legal(7));
    }

    static PortContext context(PortKind kind) {
        return switch (kind) {
            case CA_PORT -> PortContext.caPort(1);
            case SWITCH_EXTERNAL_PORT -> PortContext.switchExternalPort(3);
            case BASE_SWITCH_PORT_0 -> PortContext.switchPort0(false);
            case ENHANCED_SWITCH_PORT_0 -> PortContext.switchPort0(true);
        };
    }

    @TestFactory
    Stream<DynamicTest> readWriteComponents() {
        PortInfo current = PortInfoFixture.current();
        List<DynamicTest> tests = new ArrayList<>();
        for (Field f : readWriteFields()) {
            for (PortKind kind : PortKind.values()) {
                boolean applies = f.kinds().contains(kind);
                for (long[] legal : f.legal()) {
                    long value = legal[0];
                    long stored = applies ? legal[1] : f.get().applyAsLong(current);
                    tests.add(DynamicTest.dynamicTest(
                            f.name() + " " + value + " on " + kind + " stores " + stored,
                            () -> assertStored(current, f, value, stored, kind)));
                }
                for (long value : f.illegal()) {
                    tests.add(
                            applies
                                    ? DynamicTest.dynamicTest(
                                            f.name() + " " + value + " on " + kind + " is invalid",
                                            () -> assertInvalid(
                                                    current,
                                                    f.with(PortInfoFixture.request(current), value),
                                                    kind,
                                                    f.name(),
                                                    value))
                                    : DynamicTest.dynamicTest(
                                            f.name() + " " + value + " on " + kind + " is ignored",
                                            () -> assertStored(
                                                    current, f, value, f.get().applyAsLong(current), kind)));
                }
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> readOnlyComponentsKeepTheirValueAndDoNotFailTheSet() {
        PortInfo current = PortInfoFixture.current();
        List<DynamicTest> tests = new ArrayList<>();
        for (Field f : readOnlyFields()) {
            for (PortKind kind : PortKind.values()) {
                for (long[] legal : f.legal()) {
                    tests.add(DynamicTest.dynamicTest(
                            f.name() + " " + legal[0] + " on " + kind,
                            () -> assertStored(current, f, legal[0], f.get().applyAsLong(current), kind)));
                }
            }
        }
        return tests.stream();
    }

    private static void assertStored(PortInfo current, Field f, long value, long stored, PortKind kind) {
        SetResult<PortInfo> r =
                PortInfoSet.apply(current, f.with(PortInfoFixture.request(current), value), context(kind));
        assertTrue(r.isValid(), () -> "rejected: " + r.invalidReason());
        assertEquals(0, r.status());
        assertEquals(stored, f.get().applyAsLong(r.attribute()), f.name());
        assertArrayEquals(
                f.with(current.toBuilder(), stored).toBytes(),
                r.attribute().toBytes(),
                "only " + f.name() + " may change");
    }

    static void assertInvalid(PortInfo current, PortInfo requested, PortKind kind, String field, long value) {
        SetResult<PortInfo> r = PortInfoSet.apply(current, requested, context(kind));
        assertFalse(r.isValid(), field + " " + value + " was accepted");
        assertEquals(0x001C, r.status());
        assertTrue(r.invalidReason().startsWith(field + " "), r.invalidReason());
        assertTrue(
                r.invalidReason().contains(" " + value + " ")
                        || r.invalidReason().contains(String.format("0x%04X", value)),
                r.invalidReason());
        assertArrayEquals(current.toBytes(), r.attribute().toBytes(), "a rejected Set changes nothing");
        assertEquals(List.of(), r.actions());
    }

    @ParameterizedTest
    @EnumSource(PortKind.class)
    void aSetOfWhatAGetReturnedChangesNothing(PortKind kind) {
        PortInfo current = PortInfoFixture.current();
        SetResult<PortInfo> r =
                PortInfoSet.apply(current, PortInfoFixture.request(current).build(), context(kind));
        assertTrue(r.isValid(), () -> r.invalidReason());
        assertArrayEquals(current.toBytes(), r.attribute().toBytes());
        assertEquals(List.of(), r.actions());
    }

    @Test
    void oneIllegalComponentRejectsTheLegalChangesInTheSameSet() {
        PortInfo current = PortInfoFixture.current();
        PortInfo requested = PortInfoFixture.request(current)
                .lid(0x0042)
                .mKey(7)
                .linkWidthEnabled(1)
                .portState(PortInfo.PORT_STATE_ARMED)
                .neighborMtu(PortInfo.MTU_4096)
                .build();
        assertInvalid(current, requested, CA_PORT, "NeighborMTU", PortInfo.MTU_4096);
    }

    @Test
    void enablesThatChangeRetrainTheLink() {
        PortInfo current = PortInfoFixture.current();
        PortContext port = context(CA_PORT);
        assertEquals(
                List.of(new SmaAction.Retrain()),
                PortInfoSet.apply(
                                current,
                                PortInfoFixture.request(current)
                                        .linkWidthEnabled(1)
                                        .build(),
                                port)
                        .actions());
        assertEquals(
                List.of(new SmaAction.Retrain()),
                PortInfoSet.apply(
                                current,
                                PortInfoFixture.request(current)
                                        .linkSpeedEnabled(1)
                                        .linkSpeedExtEnabled(30)
                                        .build(),
                                port)
                        .actions());
        assertEquals(
                List.of(),
                PortInfoSet.apply(
                                current,
                                PortInfoFixture.request(current)
                                        .linkWidthEnabled(255)
                                        .linkSpeedEnabled(15)
                                        .linkSpeedExtEnabled(31)
                                        .build(),
                                port)
                        .actions(),
                "255/15/31 = supported = what is already enabled");
    }

    @Test
    void writingZeroClearsTheViolationCounters() {
        PortInfo current = PortInfoFixture.current();
        SetResult<PortInfo> r = PortInfoSet.apply(
                current,
                PortInfoFixture.request(current)
                        .mKeyViolations(0)
                        .pKeyViolations(0)
                        .qKeyViolations(0)
                        .build(),
                context(CA_PORT));
        assertEquals(
                List.of(
                        new SmaAction.ClearViolationCounter(ViolationCounter.M_KEY_VIOLATIONS),
                        new SmaAction.ClearViolationCounter(ViolationCounter.Q_KEY_VIOLATIONS),
                        new SmaAction.ClearViolationCounter(ViolationCounter.P_KEY_VIOLATIONS)),
                r.actions());
    }

    @Test
    void clientReregisterIsAnEventNotState() {
        PortInfo current = PortInfoFixture.current();
        SetResult<PortInfo> r = PortInfoSet.apply(
                current, PortInfoFixture.request(current).clientReregister(true).build(), context(CA_PORT));
        assertEquals(List.of(new SmaAction.ClientReregister()), r.actions());
        assertFalse(r.attribute().clientReregister());

        PortInfo noCapability = current.toBuilder().capabilityMask(0).build();
        SetResult<PortInfo> ignored = PortInfoSet.apply(
                noCapability,
                PortInfoFixture.request(noCapability).clientReregister(true).build(),
                context(CA_PORT));
        assertEquals(List.of(), ignored.actions());
    }

    @Test
    void withoutReinitSupportInitTypeReplyIsIgnored() {
        PortInfo current =
                PortInfoFixture.current().toBuilder().capabilityMask(0).build();
        SetResult<PortInfo> r = PortInfoSet.apply(
                current, PortInfoFixture.request(current).initTypeReply(15).build(), context(CA_PORT));
        assertTrue(r.isValid());
        assertEquals(0, r.attribute().initTypeReply());
    }
}
