package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each {@link SmaDeparture} breaks its one rule: the same SMP the compliant SMA answers as the spec says gets the
 * other answer from an SMA started with the departure.
 */
class SmaDepartureTest {
    private static final long M_KEY = 0x1122334455667788L;

    private static Sma sma(SmaNode node, SmaDeparture... departures) {
        return new Sma(
                node, () -> 0L, new SmaOptions(true, PortInfoRules.SPEC, SwitchInfoRules.SPEC, Set.of(departures)));
    }

    private static Smp answer(Sma sma, int method, int attributeId, int modifier, byte[] data) {
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, method, 9, attributeId, modifier);
        return Smp.decode(sma.handle(Smp.of(h, M_KEY, data).encode(), 1).orElseThrow());
    }

    @Test
    void answerUnsupportedGet() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaSwitch sw = new FakeSmaSwitch();
            Sma sma = departing ? sma(sw, SmaDeparture.ANSWER_UNSUPPORTED_GET) : sma(sw);
            assertEquals(
                    departing ? 0 : 0x000C,
                    answer(sma, Method.GET, SmInfo.ATTRIBUTE_ID, 0, new byte[0])
                            .header()
                            .status(),
                    "SMInfo with no SM on the node");
        }
    }

    @Test
    void ackReadOnlySet() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaNode ca = FakeSmaNode.channelAdapter();
            Sma sma = departing ? sma(ca, SmaDeparture.ACK_READ_ONLY_SET) : sma(ca);
            NodeInfo changed = new NodeInfo(1, 1, NodeInfo.NODE_TYPE_ROUTER, 9, 1, 2, 3, 4, 5, 6, 7, 8);
            Smp r = answer(sma, Method.SET, NodeInfo.ATTRIBUTE_ID, 0, changed.toBytes());
            assertEquals(departing ? 0 : 0x000C, r.header().status());
            if (departing) {
                assertEquals(ca.nodeGuid(), NodeInfo.decode(r.data(), 0).nodeGuid(), "answered, but not written");
            }
        }
    }

    @Test
    void echoSetData() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaNode ca = FakeSmaNode.channelAdapter();
            Sma sma = departing ? sma(ca, SmaDeparture.ECHO_SET_DATA) : sma(ca);
            GuidInfo requested = FakeSmaNode.guidBlock(0x5000);
            Smp r = answer(sma, Method.SET, GuidInfo.ATTRIBUTE_ID, 0, requested.toBytes());
            assertEquals(0, r.header().status());
            assertEquals(
                    departing ? requested.guid(0) : FakeSmaNode.portGuidOf(1),
                    GuidInfo.decode(r.data(), 0).guid(0),
                    "the port GUID at index 0 is read-only");
            assertEquals(FakeSmaNode.portGuidOf(1), ca.guidInfo(1, 0).guid(0), "and kept either way");
        }
    }

    @Test
    void dropTableWrites() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaSwitch sw = new FakeSmaSwitch();
            Sma sma = departing ? sma(sw, SmaDeparture.DROP_TABLE_WRITES) : sma(sw);
            SlToVlMappingTable table = new SlToVlMappingTable(Collections.nCopies(SlToVlMappingTable.NUM_SLS, 3));
            Smp r = answer(sma, Method.SET, SlToVlMappingTable.ATTRIBUTE_ID, 0x0102, table.toBytes());
            assertEquals(0, r.header().status());
            assertEquals(table, SlToVlMappingTable.decode(r.data(), 0), "the answer shows the table written");
            assertEquals(departing ? 0 : 3, sw.slToVlMappingTable(1, 2).vl(0));
            assertEquals(
                    0x001C,
                    answer(sma, Method.SET, SlToVlMappingTable.ATTRIBUTE_ID, 0x0109, table.toBytes())
                            .header()
                            .status(),
                    "an invalid AttributeModifier is still status 7");
        }
    }

    @Test
    void acceptFdbBlocksBeyondCap() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaSwitch sw = new FakeSmaSwitch(); // LinearFDBCap 128, MulticastFDBCap 64: 2 blocks each
            Sma sma = departing ? sma(sw, SmaDeparture.ACCEPT_FDB_BLOCKS_BEYOND_CAP) : sma(sw);
            int status = departing ? 0 : 0x001C;
            assertEquals(
                    status,
                    answer(sma, Method.GET, LinearForwardingTable.ATTRIBUTE_ID, 2, new byte[0])
                            .header()
                            .status());
            assertEquals(
                    status,
                    answer(sma, Method.SET, LinearForwardingTable.ATTRIBUTE_ID, 2, new byte[0])
                            .header()
                            .status());
            assertEquals(
                    status,
                    answer(sma, Method.GET, MulticastForwardingTable.ATTRIBUTE_ID, 2, new byte[0])
                            .header()
                            .status());
            assertEquals(List.of(), List.copyOf(sw.lft.keySet()), "nothing is stored beyond the cap");
        }
    }

    @Test
    void acceptInvalidLftPorts() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaSwitch sw = new FakeSmaSwitch(); // 4 ports
            Sma sma = departing ? sma(sw, SmaDeparture.ACCEPT_INVALID_LFT_PORTS) : sma(sw);
            List<Integer> ports = new ArrayList<>(Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, 1));
            ports.set(5, 9);
            Smp r = answer(
                    sma, Method.SET, LinearForwardingTable.ATTRIBUTE_ID, 1, new LinearForwardingTable(ports).toBytes());
            assertEquals(departing ? 0 : 0x001C, r.header().status());
            assertEquals(departing ? 9 : 0, sw.linearForwardingTable(1).port(5));
        }
    }

    @Test
    void answerBadClassVersion() {
        for (boolean departing : new boolean[] {false, true}) {
            Sma sma = departing
                    ? sma(new FakeSmaSwitch(), SmaDeparture.ANSWER_BAD_CLASS_VERSION)
                    : sma(new FakeSmaSwitch());
            MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 2, Method.GET, 9, NodeInfo.ATTRIBUTE_ID, 0);
            Smp r = Smp.decode(
                    sma.handle(Smp.of(h, M_KEY, new byte[0]).encode(), 1).orElseThrow());
            assertEquals(departing ? 0 : 0x0004, r.header().status(), "ClassVersion 2");
        }
    }

    @Test
    void answerUnsupportedMethod() {
        for (boolean departing : new boolean[] {false, true}) {
            Sma sma = departing
                    ? sma(new FakeSmaSwitch(), SmaDeparture.ANSWER_UNSUPPORTED_METHOD)
                    : sma(new FakeSmaSwitch());
            Smp r = answer(sma, Method.SEND, NodeInfo.ATTRIBUTE_ID, 0, new byte[0]);
            assertEquals(departing ? 0 : 0x0008, r.header().status(), "SubnSend");
        }
    }

    @Test
    void respTimeValueAsPortInfoShowsIt() {
        FakeSmaSwitch sw = new FakeSmaSwitch();
        sw.ports.put(0, sw.portInfo(0).toBuilder().respTimeValue(16).build());
        int[] shown = new int[3];
        SmaDeparture[][] cases = {
            {}, {SmaDeparture.UNDERSTATE_RESP_TIME_VALUE}, {SmaDeparture.OVERSTATE_RESP_TIME_VALUE}
        };
        for (int i = 0; i < cases.length; i++) {
            Smp r = answer(sma(sw, cases[i]), Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0]);
            shown[i] = PortInfo.decode(r.data(), 0).respTimeValue();
        }
        assertEquals(List.of(16, 0, 31), List.of(shown[0], shown[1], shown[2]));
    }

    @Test
    void answerSetWithSetResp() {
        for (boolean departing : new boolean[] {false, true}) {
            FakeSmaSwitch sw = new FakeSmaSwitch();
            Sma sma = departing ? sma(sw, SmaDeparture.ANSWER_SET_WITH_SET_RESP) : sma(sw);
            Smp r = answer(
                    sma,
                    Method.SET,
                    NodeDescription.ATTRIBUTE_ID,
                    0,
                    NodeDescription.of("x").toBytes());
            assertEquals(departing ? 0x82 : Method.GET_RESP, r.header().method());
        }
    }
}
