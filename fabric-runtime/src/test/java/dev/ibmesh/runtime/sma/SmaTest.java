package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SmaTest {
    private static final long TID = 0x1122334455667788L;
    /** The CA port's M_Key (PortInfoFixture): the SM knows it, so M_Key protection lets these requests through. */
    private static final long M_KEY = 0x1122334455667788L;

    private static final int GET = Method.GET;
    private static final int SET = Method.SET;

    private final FakeSmaSwitch sw = new FakeSmaSwitch();
    private final FakeSmaNode ca = FakeSmaNode.channelAdapter();
    private final Sma switchSma = new Sma(sw);
    private final Sma caSma = new Sma(ca);

    // ---- requests and answers ----

    private static Mad request(
            int baseVersion, int classVersion, int method, int attributeId, int modifier, byte[] data) {
        MadHeader h = new MadHeader(
                baseVersion, MgmtClass.SUBN_LID_ROUTED, classVersion, method, 0, 0, TID, attributeId, 0, modifier);
        return Smp.of(h, M_KEY, data).encode();
    }

    private static Mad request(int method, int attributeId, int modifier, byte[] data) {
        return request(1, 1, method, attributeId, modifier, data);
    }

    private static Mad get(int attributeId, int modifier) {
        return request(GET, attributeId, modifier, new byte[Smp.DATA_SIZE]);
    }

    private static Mad set(Attribute attribute, int modifier) {
        return request(SET, attribute.attributeId(), modifier, attribute.toBytes());
    }

    private static Smp answer(Sma sma, Mad request, int ingressPort) {
        Smp response = Smp.decode(sma.handle(request, ingressPort).orElseThrow());
        MadHeader req = request.header();
        MadHeader h = response.header();
        assertEquals(Method.GET_RESP, h.method());
        assertEquals(MgmtClass.SUBN_LID_ROUTED, h.mgmtClass());
        assertEquals(req.transactionId(), h.transactionId());
        assertEquals(req.attributeId(), h.attributeId());
        assertEquals(req.attributeModifier(), h.attributeModifier());
        assertEquals(M_KEY, response.mKey());
        return response;
    }

    /** Asserts status 0 and that the data area holds {@code expected} (zero padded to 64 bytes). */
    private static void assertOk(Attribute expected, Smp response) {
        assertEquals(0, response.header().status());
        assertArrayEquals(Arrays.copyOf(expected.toBytes(), Smp.DATA_SIZE), response.data());
    }

    private static List<Integer> counting(int n, int mask) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add((i + 1) & mask);
        }
        return values;
    }

    // ---- every attribute answers SubnGet ----

    @Test
    void switchAnswersEveryAttributeGet() {
        SwitchInfo si = sw.switchInfo;
        assertOk(sw.description, answer(switchSma, get(NodeDescription.ATTRIBUTE_ID, 0), 2));
        assertOk(si, answer(switchSma, get(SwitchInfo.ATTRIBUTE_ID, 0), 2));
        assertOk(FakeSmaNode.guidBlock(FakeSmaNode.portGuidOf(0)), answer(switchSma, get(GuidInfo.ATTRIBUTE_ID, 0), 2));
        assertOk(
                sw.ports.get(0).toBuilder().localPortNum(2).build(),
                answer(switchSma, get(PortInfo.ATTRIBUTE_ID, 0), 2));
        assertOk(sw.pKeyTable(0, 1), answer(switchSma, get(PKeyTable.ATTRIBUTE_ID, 1), 2));
        assertOk(sw.pKeyTable(4, 0), answer(switchSma, get(PKeyTable.ATTRIBUTE_ID, 4 << 16), 2));
        assertOk(sw.slToVlMappingTable(1, 4), answer(switchSma, get(SlToVlMappingTable.ATTRIBUTE_ID, 0x0104), 2));
        assertOk(sw.vlArbitrationTable(3, 2), answer(switchSma, get(VlArbitrationTable.ATTRIBUTE_ID, 0x20003), 2));
        assertOk(sw.linearForwardingTable(1), answer(switchSma, get(LinearForwardingTable.ATTRIBUTE_ID, 1), 2));
        assertOk(
                sw.multicastForwardingTable(1, 0), answer(switchSma, get(MulticastForwardingTable.ATTRIBUTE_ID, 1), 2));
        assertOk(new LedInfo(false), answer(switchSma, get(LedInfo.ATTRIBUTE_ID, 3), 2));
    }

    @Test
    void switchNodeInfoReportsIngressPortAndPort0Guid() {
        NodeInfo expected = new NodeInfo(
                1,
                1,
                NodeInfo.NODE_TYPE_SWITCH,
                4,
                sw.systemImageGuid(),
                FakeSmaNode.NODE_GUID,
                FakeSmaNode.portGuidOf(0),
                64,
                0x1017,
                0x00A0,
                3,
                0x0002C9);
        assertOk(expected, answer(switchSma, get(NodeInfo.ATTRIBUTE_ID, 0), 3));
    }

    @Test
    void anSmpFromSwitchPort0ItselfReportsLocalPortNum0AndACaHasNoPort0() {
        NodeInfo expected = new NodeInfo(
                1,
                1,
                NodeInfo.NODE_TYPE_SWITCH,
                4,
                sw.systemImageGuid(),
                FakeSmaNode.NODE_GUID,
                FakeSmaNode.portGuidOf(0),
                64,
                0x1017,
                0x00A0,
                0,
                0x0002C9);
        assertOk(expected, answer(switchSma, get(NodeInfo.ATTRIBUTE_ID, 0), 0));
        assertEquals(
                0,
                PortInfo.decode(
                                answer(switchSma, get(PortInfo.ATTRIBUTE_ID, 0), 0)
                                        .data(),
                                0)
                        .localPortNum());
        assertThrows(IllegalArgumentException.class, () -> caSma.handle(get(NodeInfo.ATTRIBUTE_ID, 0), 0));
    }

    @Test
    void switchPortInfoReportsIngressPortAsLocalPortNum() {
        Smp response = answer(switchSma, get(PortInfo.ATTRIBUTE_ID, 2), 3);
        assertOk(sw.ports.get(2).toBuilder().localPortNum(3).build(), response);
        assertEquals(3, PortInfo.decode(response.data(), 0).localPortNum());
    }

    @Test
    void caAnswersEveryAttributeGet() {
        NodeInfo nodeInfo = new NodeInfo(
                1,
                1,
                NodeInfo.NODE_TYPE_CA,
                1,
                ca.systemImageGuid(),
                FakeSmaNode.NODE_GUID,
                FakeSmaNode.portGuidOf(1),
                64,
                0x1017,
                0x00A0,
                1,
                0x0002C9);
        assertOk(nodeInfo, answer(caSma, get(NodeInfo.ATTRIBUTE_ID, 0), 1));
        assertOk(ca.description, answer(caSma, get(NodeDescription.ATTRIBUTE_ID, 0), 1));
        PortInfo port1 = ca.ports.get(1).toBuilder().localPortNum(1).build();
        assertOk(port1, answer(caSma, get(PortInfo.ATTRIBUTE_ID, 0), 1));
        assertOk(port1, answer(caSma, get(PortInfo.ATTRIBUTE_ID, 1), 1));
        assertOk(ca.pKeyTable(1, 1), answer(caSma, get(PKeyTable.ATTRIBUTE_ID, 1), 1));
        assertOk(ca.slToVlMappingTable(0, 1), answer(caSma, get(SlToVlMappingTable.ATTRIBUTE_ID, 0), 1));
        assertOk(ca.vlArbitrationTable(1, 1), answer(caSma, get(VlArbitrationTable.ATTRIBUTE_ID, 0x10000), 1));
        assertOk(FakeSmaNode.guidBlock(FakeSmaNode.portGuidOf(1)), answer(caSma, get(GuidInfo.ATTRIBUTE_ID, 0), 1));
        assertOk(FakeSmaNode.guidBlock(0), answer(caSma, get(GuidInfo.ATTRIBUTE_ID, 1), 1));
    }

    @Test
    void smInfoIsAnsweredByTheNodesSm() {
        SmInfo master = new SmInfo(FakeSmaNode.portGuidOf(0), 0, 42, 15, SmInfo.STATE_MASTER);
        sw.sm = Optional.of(master);
        assertOk(master, answer(switchSma, get(SmInfo.ATTRIBUTE_ID, 0), 1));
        SmInfo standby = new SmInfo(FakeSmaNode.portGuidOf(0), 0, 43, 15, SmInfo.STATE_STANDBY);
        assertOk(standby, answer(switchSma, set(standby, SmInfo.STANDBY), 1));
        assertEquals(SmInfo.STANDBY, sw.smControl);
        assertEquals(0x001C, answer(switchSma, set(standby, 6), 1).header().status());
    }

    // ---- status codes 1, 2, 3 ----

    @ParameterizedTest
    @CsvSource({"2, 1", "1, 2", "1, 0", "0, 1"})
    void badVersionIsStatus1(int baseVersion, int classVersion) {
        Mad bad = request(baseVersion, classVersion, GET, NodeInfo.ATTRIBUTE_ID, 0, new byte[Smp.DATA_SIZE]);
        assertEquals(0x0004, answer(switchSma, bad, 1).header().status());
    }

    @ParameterizedTest
    @ValueSource(ints = {Method.SEND, Method.TRAP, Method.REPORT, Method.GET_TABLE, 0x00, 0x7F})
    void otherMethodsAreStatus2(int method) {
        Mad mad = request(method, NodeInfo.ATTRIBUTE_ID, 0, new byte[Smp.DATA_SIZE]);
        assertEquals(0x0008, answer(switchSma, mad, 1).header().status());
        assertEquals(0x0008, answer(caSma, mad, 1).header().status());
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0001, 0x0002, 0x001A, 0x0030, 0xFF90})
    void unknownAttributesAreStatus3(int attributeId) {
        assertEquals(0x000C, answer(switchSma, get(attributeId, 0), 1).header().status());
        assertEquals(
                0x000C,
                answer(caSma, request(SET, attributeId, 0, new byte[Smp.DATA_SIZE]), 1)
                        .header()
                        .status());
    }

    @Test
    void setOfReadOnlyAttributesIsStatus3() {
        NodeInfo nodeInfo = new NodeInfo(1, 1, NodeInfo.NODE_TYPE_SWITCH, 4, 0, 0, 0, 0, 0, 0, 0, 0);
        assertEquals(0x000C, answer(switchSma, set(nodeInfo, 0), 1).header().status());
        assertEquals(0x000C, answer(caSma, set(nodeInfo, 0), 1).header().status());
        assertEquals(
                0x000C,
                answer(caSma, set(NodeDescription.of("renamed"), 0), 1).header().status());
        assertEquals("fake node", ca.description.text());
    }

    @ParameterizedTest
    @ValueSource(
            ints = {SwitchInfo.ATTRIBUTE_ID, LinearForwardingTable.ATTRIBUTE_ID, MulticastForwardingTable.ATTRIBUTE_ID})
    void switchAttributesOnACaAreStatus3(int attributeId) {
        assertEquals(0x000C, answer(caSma, get(attributeId, 0), 1).header().status());
        assertEquals(
                0x000C,
                answer(caSma, request(SET, attributeId, 0, new byte[Smp.DATA_SIZE]), 1)
                        .header()
                        .status());
    }

    @Test
    void ledInfoWithoutIsLedInfoSupportedIsStatus3() {
        assertEquals(
                0x000C, answer(caSma, get(LedInfo.ATTRIBUTE_ID, 1), 1).header().status());
    }

    @Test
    void smInfoWithoutAnSm() {
        assertEquals(
                0x000C,
                answer(switchSma, get(SmInfo.ATTRIBUTE_ID, 0), 1).header().status());
        assertTrue(ca.ports.get(1).hasCapability(PortInfo.CAP_IS_SM_DISABLED));
        assertTrue(caSma.handle(get(SmInfo.ATTRIBUTE_ID, 0), 1).isEmpty(), "IsSMdisabled: no response");
    }

    // ---- status code 7: AttributeModifier out of range ----

    @ParameterizedTest(name = "switch attr 0x{0} modifier 0x{1}")
    @CsvSource({
        "0011, 1",
        "0010, 1",
        "0012, 1",
        "0015, 5",
        "0015, 40000000",
        "0015, 80000005",
        "0031, 5",
        "0019, 2",
        "0019, FFFFFFFF",
        "001B, 2",
        "001B, 10000000",
        "001B, F0000000",
        "0016, 50000",
        "0016, 20001",
        "0016, 2",
        "0017, 0500",
        "0017, 0005",
        "0017, 10102",
        "0017, 20000",
        "0018, 0",
        "0018, 50001",
        "0018, 30001",
        "0018, 40001",
        "0018, 10005",
        "0018, 10000",
        "0014, 1"
    })
    void switchModifierOutOfRangeIsStatus7(String attributeHex, String modifierHex) {
        int attributeId = Integer.parseInt(attributeHex, 16);
        int modifier = Integer.parseUnsignedInt(modifierHex, 16);
        byte[] before = snapshot(sw);
        Smp response = answer(switchSma, get(attributeId, modifier), 1);
        assertEquals(0x001C, response.header().status());
        if (attributeId != NodeInfo.ATTRIBUTE_ID && attributeId != NodeDescription.ATTRIBUTE_ID) {
            byte[] data = new byte[Smp.DATA_SIZE];
            Arrays.fill(data, (byte) 0x11);
            assertEquals(
                    0x001C,
                    answer(switchSma, request(SET, attributeId, modifier, data), 1)
                            .header()
                            .status());
        }
        assertArrayEquals(before, snapshot(sw), "a rejected Set changes nothing");
    }

    @ParameterizedTest(name = "CA attr 0x{0} modifier 0x{1}")
    @CsvSource({"0011, 1", "0010, 1", "0015, 2", "0016, 2", "0016, 10002", "0018, 50000", "0018, 30000", "0014, 2"})
    void caModifierOutOfRangeIsStatus7(String attributeHex, String modifierHex) {
        int attributeId = Integer.parseInt(attributeHex, 16);
        int modifier = Integer.parseUnsignedInt(modifierHex, 16);
        assertEquals(
                0x001C, answer(caSma, get(attributeId, modifier), 1).header().status());
    }

    /** Everything a Set could change on the fake switch, as bytes. */
    private static byte[] snapshot(FakeSmaSwitch s) {
        return (s.switchInfo + "|" + s.ports + "|" + s.lft + "|" + s.mft + "|" + s.pKeys + "|" + s.slToVl + "|"
                        + s.vlArbitration + "|" + s.guids + "|" + s.leds + "|" + s.description)
                .getBytes();
    }

    // ---- SubnSet then SubnGet ----

    @Test
    void setTablesThenGetReturnsThem() {
        LinearForwardingTable lft = new LinearForwardingTable(counting(64, 0x3));
        assertOk(lft, answer(switchSma, set(lft, 1), 1));
        assertOk(lft, answer(switchSma, get(LinearForwardingTable.ATTRIBUTE_ID, 1), 2));
        assertOk(
                new LinearForwardingTable(FakeSmaNode.zeros(64)),
                answer(switchSma, get(LinearForwardingTable.ATTRIBUTE_ID, 0), 2));

        MulticastForwardingTable mft = new MulticastForwardingTable(counting(32, 0x1F));
        assertOk(mft, answer(switchSma, set(mft, 1), 1));
        assertOk(mft, answer(switchSma, get(MulticastForwardingTable.ATTRIBUTE_ID, 1), 2));
        assertEquals(List.of(1, 0), List.copyOf(sw.mft.keySet().iterator().next()));

        SlToVlMappingTable slToVl = new SlToVlMappingTable(counting(16, 0x7));
        assertOk(slToVl, answer(switchSma, set(slToVl, 0x0302), 1));
        assertOk(slToVl, answer(switchSma, get(SlToVlMappingTable.ATTRIBUTE_ID, 0x0302), 4));
        assertOk(
                new SlToVlMappingTable(FakeSmaNode.zeros(16)),
                answer(switchSma, get(SlToVlMappingTable.ATTRIBUTE_ID, 0x0203), 4));

        PKeyTable pKeys = new PKeyTable(counting(32, 0xFFFF));
        assertOk(pKeys, answer(switchSma, set(pKeys, (2 << 16)), 1));
        assertOk(pKeys, answer(switchSma, get(PKeyTable.ATTRIBUTE_ID, 2 << 16), 3));
        assertOk(pKeys, answer(caSma, set(pKeys, 1), 1));
        assertOk(pKeys, answer(caSma, get(PKeyTable.ATTRIBUTE_ID, 1), 1));

        List<VlArbitrationTable.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            entries.add(new VlArbitrationTable.Entry(i % 8, i * 2));
        }
        VlArbitrationTable vlArb = new VlArbitrationTable(entries);
        assertOk(vlArb, answer(switchSma, set(vlArb, 0x20004), 1));
        assertOk(vlArb, answer(switchSma, get(VlArbitrationTable.ATTRIBUTE_ID, 0x20004), 2));
        assertOk(vlArb, answer(caSma, set(vlArb, 0x10000), 1));
        assertEquals(vlArb, ca.vlArbitrationTable(1, 1));
    }

    @Test
    void setGuidInfoKeepsThePortGuidAndEntriesAboveGuidCap() {
        GuidInfo requested = FakeSmaNode.guidBlock(0x5000);
        List<Long> expected = new ArrayList<>(requested.guids());
        expected.set(0, FakeSmaNode.portGuidOf(1));
        assertOk(new GuidInfo(expected), answer(caSma, set(requested, 0), 1));
        assertOk(requested, answer(caSma, set(requested, 1), 1));
        assertOk(requested, answer(caSma, get(GuidInfo.ATTRIBUTE_ID, 1), 1));

        List<Long> switchExpected = new ArrayList<>(requested.guids());
        switchExpected.set(0, FakeSmaNode.portGuidOf(0));
        assertOk(new GuidInfo(switchExpected), answer(switchSma, set(requested, 0), 3));
    }

    @Test
    void setLedInfoAndNodeDescriptionWhenSupported() {
        assertOk(new LedInfo(true), answer(switchSma, set(new LedInfo(true, 5), 2), 1));
        assertEquals(new LedInfo(true), sw.leds.get(2));

        ca.ports.put(
                1,
                ca.ports.get(1).toBuilder()
                        .capabilityMask(ca.ports.get(1).capabilityMask() | PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED)
                        .capabilityMask2(PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED)
                        .build());
        assertOk(NodeDescription.of("renamed"), answer(caSma, set(NodeDescription.of("renamed"), 0), 1));
        assertEquals("renamed", ca.description.text());
        assertEquals(
                0x001C,
                answer(caSma, set(NodeDescription.of("again"), 1), 1).header().status());
    }

    // ---- SubnSet of PortInfo and SwitchInfo ----

    @Test
    void setPortInfoWithIllegalLinkWidthEnabledIsStatus7AndChangesNothing() {
        PortInfo before = sw.ports.get(2);
        PortInfo request = PortInfoFixture.request(before)
                .linkWidthEnabled(4)
                .lid(0x0099)
                .hoqLife(3)
                .build();
        Smp response = answer(switchSma, set(request, 2), 1);
        assertEquals(0x001C, response.header().status());
        assertOk(
                before.toBuilder().localPortNum(1).build(),
                Smp.of(response.header().withStatus(0), 0, response.data()));
        assertEquals(before, sw.ports.get(2));
        assertEquals(0, sw.portInfoApplies);
    }

    @Test
    void setPortStateArmedPassesTheActionToTheNode() {
        PortInfo before = sw.ports.get(3);
        assertEquals(PortInfo.PORT_STATE_INIT, before.portState());
        PortInfo request = PortInfoFixture.request(before)
                .portState(PortInfo.PORT_STATE_ARMED)
                .build();
        Smp response = answer(switchSma, set(request, 3), 2);
        assertEquals(0, response.header().status());
        assertEquals(List.of(new SmaAction.PortStateChange(PortInfo.PORT_STATE_ARMED)), sw.appliedActions);
        PortInfo answered = PortInfo.decode(response.data(), 0);
        assertEquals(PortInfo.PORT_STATE_ARMED, answered.portState());
        assertEquals(2, answered.localPortNum());
        assertEquals(sw.ports.get(3).toBuilder().localPortNum(2).build(), answered);
    }

    @Test
    void setPortInfoEchoesClientReregister() {
        PortInfo request =
                PortInfoFixture.request(ca.ports.get(1)).clientReregister(true).build();
        Smp response = answer(caSma, set(request, 0), 1);
        assertEquals(0, response.header().status());
        assertTrue(PortInfo.decode(response.data(), 0).clientReregister());
        assertFalse(ca.ports.get(1).clientReregister());
        assertTrue(ca.appliedActions.contains(new SmaAction.ClientReregister()));
    }

    @Test
    void portInfoModifierBit31IsSmSupportsExtendedSpeedsNotPartOfThePortNumber() {
        int extended = 1 << 31;
        PortInfo request = PortInfoFixture.request(sw.ports.get(0)).lid(0x0043).build();
        assertEquals(0, answer(switchSma, set(request, extended), 4).header().status(), "opensm's Set to port 0");
        assertEquals(0x0043, sw.ports.get(0).lid());
        assertOk(
                sw.ports.get(2).toBuilder().localPortNum(1).build(),
                answer(switchSma, get(PortInfo.ATTRIBUTE_ID, extended | 2), 1));
        assertEquals(
                0x001C,
                answer(switchSma, get(PortInfo.ATTRIBUTE_ID, (1 << 30) | 2), 1)
                        .header()
                        .status(),
                "bits 30-8 stay reserved");
    }

    @Test
    void setPortInfoOnSwitchPort0UsesThePort0Rules() {
        PortInfo request = PortInfoFixture.request(sw.ports.get(0)).lid(0x0042).build();
        assertEquals(0, answer(switchSma, set(request, 0), 4).header().status());
        assertEquals(0x0042, sw.ports.get(0).lid());
        PortInfo multicastLid =
                PortInfoFixture.request(sw.ports.get(0)).lid(0xC001).build();
        assertEquals(0x001C, answer(switchSma, set(multicastLid, 0), 4).header().status());
    }

    @Test
    void setSwitchInfo() {
        SwitchInfo current = sw.switchInfo;
        SwitchInfo tooHigh = new SwitchInfo(
                128, 0, 64, 128, 1, 0xFF, 0xFF, 18, false, 0, 1, 32, true, true, false, false, false, 0, 0xC000);
        Smp rejected = answer(switchSma, set(tooHigh, 0), 1);
        assertEquals(0x001C, rejected.header().status());
        assertArrayEquals(Arrays.copyOf(current.toBytes(), 64), rejected.data());
        assertEquals(current, sw.switchInfo);

        SwitchInfo valid = new SwitchInfo(
                128, 0, 64, 0x7F, 2, 0xFF, 0xFF, 20, true, 0, 1, 32, true, true, false, false, false, 0, 0xC000);
        Smp accepted = answer(switchSma, set(valid, 0), 1);
        assertEquals(0, accepted.header().status());
        assertEquals(0x7F, sw.switchInfo.linearFdbTop());
        assertFalse(sw.switchInfo.portStateChange(), "writing 1 clears PortStateChange");
        assertOk(sw.switchInfo, accepted);
    }

    // ---- what is not answered, and directed route ----

    @ParameterizedTest
    @ValueSource(ints = {Method.GET_RESP, Method.TRAP_REPRESS, Method.REPORT_RESP, 0x82})
    void responsesAndTrapRepressAreNotAnswered(int method) {
        assertTrue(switchSma
                .handle(request(method, NodeInfo.ATTRIBUTE_ID, 0, new byte[64]), 1)
                .isEmpty());
        assertTrue(caSma.handle(request(method, PortInfo.ATTRIBUTE_ID, 0, new byte[64]), 1)
                .isEmpty());
    }

    @Test
    void directedRouteResponseKeepsTheDrFieldsAndSetsD() {
        DrSmp request = DrSmp.outbound(GET, TID, PortInfo.ATTRIBUTE_ID, 3, M_KEY, new byte[0], 2, 1)
                .withHopPointer(3);
        DrSmp response = DrSmp.decode(switchSma.handle(request.encode(), 1).orElseThrow());
        assertTrue(response.direction());
        assertEquals(0, response.status());
        assertEquals(Method.GET_RESP, response.header().method());
        assertEquals(MgmtClass.SUBN_DIRECTED_ROUTE, response.header().mgmtClass());
        assertEquals(TID, response.header().transactionId());
        assertEquals(3, response.header().attributeModifier());
        assertEquals(3, response.hopPointer());
        assertEquals(2, response.hopCount());
        assertArrayEquals(request.initialPath(), response.initialPath());
        assertArrayEquals(request.returnPath(), response.returnPath());
        assertArrayEquals(sw.ports.get(3).toBuilder().localPortNum(1).build().toBytes(), response.data());

        DrSmp bad = DrSmp.outbound(GET, TID, NodeInfo.ATTRIBUTE_ID, 1, M_KEY, new byte[0])
                .withHopPointer(1);
        DrSmp error = DrSmp.decode(caSma.handle(bad.encode(), 1).orElseThrow());
        assertEquals(0x801C, error.header().status(), "D bit and code 7 in bits 14-0");
    }

    @Test
    void returningDirectedRouteSmpsAreNotAnswered() {
        DrSmp request = DrSmp.outbound(GET, TID, NodeInfo.ATTRIBUTE_ID, 0, M_KEY, new byte[0])
                .withHopPointer(1);
        DrSmp returning = request.withHeader(request.header().withStatus(DrSmp.D_BIT));
        assertTrue(switchSma.handle(returning.encode(), 1).isEmpty());
    }
}
