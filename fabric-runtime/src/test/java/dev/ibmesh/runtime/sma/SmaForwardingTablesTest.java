package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The forwarding tables of a 4-port switch: which SubnSets they take and when they are not supported at all. */
class SmaForwardingTablesTest {
    private final FakeSmaSwitch sw = new FakeSmaSwitch();
    private final Sma sma = new Sma(sw);

    private Smp answer(int method, int attributeId, int modifier, byte[] data) {
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, method, 7, attributeId, modifier);
        return Smp.decode(
                sma.handle(Smp.of(h, 0x1122334455667788L, data).encode(), 1).orElseThrow());
    }

    private static LinearForwardingTable block(int entry, int port) {
        List<Integer> ports = new ArrayList<>(Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, 1));
        ports.set(entry, port);
        return new LinearForwardingTable(ports);
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 0xFE})
    void anLftEntryThatNamesNoPortOfTheSwitchRejectsTheBlock(int port) {
        Smp r = answer(
                Method.SET,
                LinearForwardingTable.ATTRIBUTE_ID,
                1,
                block(7, port).toBytes());
        assertEquals(0x001C, r.header().status());
        assertEquals(
                Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, 0),
                LinearForwardingTable.decode(r.data(), 0).ports(),
                "the answer shows the block unchanged");
        assertEquals(List.of(), List.copyOf(sw.lft.keySet()), "nothing was stored");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 4, 0xFF})
    void anLftEntryOfPort0ToNumPortsOrNoRouteIsTaken(int port) {
        Smp r = answer(
                Method.SET,
                LinearForwardingTable.ATTRIBUTE_ID,
                1,
                block(7, port).toBytes());
        assertEquals(0, r.header().status());
        assertEquals(port, sw.lft.get(1).port(7));
    }

    @Test
    void theLid0EntryIsIgnoredWhateverPortItNames() {
        Smp r = answer(
                Method.SET, LinearForwardingTable.ATTRIBUTE_ID, 0, block(0, 5).toBytes());
        assertEquals(0, r.header().status());
        assertEquals(1, sw.lft.get(0).port(1));
    }

    @Test
    void aSwitchWithoutALinearTableDoesNotSupportTheAttribute() {
        sw.switchInfo = withCaps(0, sw.switchInfo.multicastFdbCap());
        assertEquals(
                0x000C,
                answer(Method.GET, LinearForwardingTable.ATTRIBUTE_ID, 0, new byte[0])
                        .header()
                        .status());
        assertEquals(
                0x000C,
                answer(
                                Method.SET,
                                LinearForwardingTable.ATTRIBUTE_ID,
                                0,
                                block(1, 1).toBytes())
                        .header()
                        .status());
    }

    @Test
    void aSwitchWithoutMulticastForwardingDoesNotSupportTheAttribute() {
        sw.switchInfo = withCaps(sw.switchInfo.linearFdbCap(), 0);
        assertEquals(
                0x000C,
                answer(Method.GET, MulticastForwardingTable.ATTRIBUTE_ID, 0, new byte[0])
                        .header()
                        .status());
        assertEquals(
                0x000C,
                answer(Method.SET, MulticastForwardingTable.ATTRIBUTE_ID, 0, new byte[0])
                        .header()
                        .status());
    }

    /** The switch's SwitchInfo with other LinearFDBCap and MulticastFDBCap (bytes 0-1 and 4-5, IBA 14.2.5.4). */
    private SwitchInfo withCaps(int linearFdbCap, int multicastFdbCap) {
        byte[] b = sw.switchInfo.toBytes();
        Bits.put16(b, 0, linearFdbCap);
        Bits.put16(b, 4, multicastFdbCap);
        return SwitchInfo.decode(b, 0);
    }
}
