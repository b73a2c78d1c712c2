package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * IBA conformance test C14_024_06_SW_06 (PortInfo for switch only, part 6): on enhanced switch port 0,
 * SubnSet(PortInfo) with an illegal value in a read-write component must answer status code 7 and leave PortInfo
 * unchanged (the following SubnGet still shows the original LinkWidthEnabled). Each case below is one of the
 * procedure's steps; the rest of the Set is what a Get returned, with PortPhysicalState 0, so the Set fails for the
 * step's component alone.
 */
class ConformanceC14024SW06Test {
    private static final PortContext ENHANCED_PORT_0 = PortContext.switchPort0(true);

    /** A procedure step: the component it breaks, the value, how it breaks it, and the port's PortState. */
    record Step(String text, String field, int value, UnaryOperator<PortInfo.Builder> change, int portState) {
        Step(String text, String field, int value, UnaryOperator<PortInfo.Builder> change) {
            this(text, field, value, change, PortInfoFixture.current().portState());
        }
    }

    static List<Step> steps(PortInfo data) {
        List<Step> steps = new ArrayList<>();
        for (int reserved : new int[] {32, 64, 128, 254}) {
            steps.add(new Step(
                    "7: LinkWidthEnabled = reserved value",
                    "LinkWidthEnabled",
                    reserved,
                    b -> b.linkWidthEnabled(reserved)));
        }
        if (data.linkWidthSupported() != 11) {
            steps.add(new Step(
                    "14: LinkWidthEnabled = 8 (12x), not supported",
                    "LinkWidthEnabled",
                    8,
                    b -> b.linkWidthEnabled(8)));
        }
        for (int from : new int[] {PortInfo.PORT_STATE_INIT, PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE}) {
            for (int to : illegalTransitionsFrom(from)) {
                steps.add(new Step("21: PortState " + from + " -> " + to, "PortState", to, b -> b.portState(to), from));
            }
        }
        IntStream.rangeClosed(4, 15)
                .forEach(v -> steps.add(
                        new Step("28/35: PortPhysicalState > 3", "PortPhysicalState", v, b -> b.portPhysicalState(v))));
        IntStream.rangeClosed(3, 15)
                .forEach(v -> steps.add(new Step(
                        "42: LinkDownDefaultState = reserved value",
                        "LinkDownDefaultState",
                        v,
                        b -> b.linkDownDefaultState(v))));
        IntStream.rangeClosed(8, 14)
                .forEach(v -> steps.add(new Step(
                        "49: LinkSpeedEnabled = reserved value", "LinkSpeedEnabled", v, b -> b.linkSpeedEnabled(v))));
        IntStream.of(0, 6, 7, 15)
                .forEach(v -> steps.add(
                        new Step("56: NeighborMTU = reserved value", "NeighborMTU", v, b -> b.neighborMtu(v))));
        IntStream.rangeClosed(data.mtuCap() + 1, PortInfo.MTU_4096)
                .forEach(v -> steps.add(new Step("63: NeighborMTU > MTUCap", "NeighborMTU", v, b -> b.neighborMtu(v))));
        IntStream.rangeClosed(9, 15)
                .forEach(
                        v -> steps.add(new Step("72: InitTypeReply > 8", "InitTypeReply", v, b -> b.initTypeReply(v))));
        IntStream.rangeClosed(6, 15)
                .forEach(v -> steps.add(new Step(
                        "79: OperationalVLs = reserved value", "OperationalVLs", v, b -> b.operationalVls(v))));
        IntStream.rangeClosed(data.vlCap() + 1, 5)
                .forEach(v -> steps.add(
                        new Step("86: OperationalVLs > VLCap", "OperationalVLs", v, b -> b.operationalVls(v))));
        return steps;
    }

    /**
     * The transitions a Set may not request, written out rather than taken from {@link PortStateTransitions}: Init
     * is never settable, Armed only from Init, Active only from Armed, ActDefer never; 6-15 are reserved.
     */
    private static int[] illegalTransitionsFrom(int from) {
        int[] illegal = switch (from) {
            case PortInfo.PORT_STATE_INIT -> new int[] {PortInfo.PORT_STATE_ACTIVE, PortInfo.PORT_STATE_ACT_DEFER};
            case PortInfo.PORT_STATE_ARMED -> new int[] {PortInfo.PORT_STATE_INIT, PortInfo.PORT_STATE_ACT_DEFER};
            case PortInfo.PORT_STATE_ACTIVE ->
                new int[] {PortInfo.PORT_STATE_INIT, PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACT_DEFER};
            default -> throw new IllegalArgumentException("the procedure starts in Init, Armed or Active");
        };
        return IntStream.concat(IntStream.of(illegal), IntStream.rangeClosed(6, 15))
                .toArray();
    }

    @TestFactory
    Stream<DynamicTest> everyIllegalValueOfTheProcedureAnswersStatus7() {
        PortInfo data = PortInfoFixture.current();
        List<DynamicTest> tests = new ArrayList<>();
        for (Step step : steps(data)) {
            tests.add(DynamicTest.dynamicTest("step " + step.text() + ": " + step.value(), () -> {
                PortInfo current = data.toBuilder().portState(step.portState()).build();
                PortInfo data1 =
                        step.change().apply(PortInfoFixture.request(current)).build();
                PortInfoSetTest.assertInvalid(
                        current, data1, PortKind.ENHANCED_SWITCH_PORT_0, step.field(), step.value());
            }));
        }
        return tests.stream();
    }

    /**
     * The procedure never resets PORT_INFO_DATA1 between steps, so each Set carries every earlier step's illegal
     * value too; every Set must still fail and the port must stay as it was.
     */
    @Test
    void cumulativeProcedureLeavesThePortUnchanged() {
        PortInfo data = PortInfoFixture.current();
        PortInfo.Builder data1 = data.toBuilder();
        for (UnaryOperator<PortInfo.Builder> change : List.<UnaryOperator<PortInfo.Builder>>of(
                b -> b.linkWidthEnabled(254),
                b -> b.linkWidthEnabled(8),
                b -> b.portState(PortInfo.PORT_STATE_ACTIVE),
                b -> b.portPhysicalState(4),
                b -> b.portPhysicalState(6),
                b -> b.linkDownDefaultState(3),
                b -> b.linkSpeedEnabled(9),
                b -> b.neighborMtu(6),
                b -> b.neighborMtu(5),
                b -> b.initTypeReply(9),
                b -> b.operationalVls(6),
                b -> b.operationalVls(4))) {
            SetResult<PortInfo> r = PortInfoSet.apply(data, change.apply(data1).build(), ENHANCED_PORT_0);
            assertFalse(r.isValid());
            assertEquals(0x001C, r.status());
            assertArrayEquals(data.toBytes(), r.attribute().toBytes());
            assertEquals(data.linkWidthEnabled(), r.attribute().linkWidthEnabled());
        }
    }
}
