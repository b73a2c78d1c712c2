package dev.ibmesh.runtime.pma;

import static dev.ibmesh.runtime.pma.PmaRequests.portCounters;
import static dev.ibmesh.runtime.pma.PmaRequests.portCountersExtended;
import static dev.ibmesh.runtime.pma.PmaRequests.request;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.runtime.port.PortCounterSet;
import org.junit.jupiter.api.Test;

class PmaTest {
    private final FakePmaNode sw = FakePmaNode.switchWith(3);
    private final Pma pma = new Pma(sw);

    private static PmaMad answer(Pma pma, Mad request) {
        Mad reply = pma.handle(request).orElseThrow();
        PmaMad pmaMad = PmaMad.decode(reply);
        MadHeader h = pmaMad.header();
        MadHeader q = request.header();
        assertEquals(Method.GET_RESP, h.method());
        assertEquals(q.transactionId(), h.transactionId());
        assertEquals(q.attributeId(), h.attributeId());
        assertEquals(q.attributeModifier(), h.attributeModifier());
        assertEquals(MgmtClass.PERF_MGT, h.mgmtClass());
        return pmaMad;
    }

    private static PortCounters counters(Pma pma, Mad request) {
        PmaMad reply = answer(pma, request);
        assertEquals(0, reply.header().status());
        return reply.attribute(PortCounters::decode);
    }

    private static PortCountersExtended extended(Pma pma, Mad request) {
        PmaMad reply = answer(pma, request);
        assertEquals(0, reply.header().status());
        return reply.attribute(PortCountersExtended::decode);
    }

    private static int status(Pma pma, Mad request) {
        return answer(pma, request).header().status();
    }

    @Test
    void getOfEachPortReflectsItsCounts() {
        for (int port = 1; port <= 3; port++) {
            PortCounterSet c = sw.counters(port);
            c.add(Counter.SYMBOL_ERROR_COUNTER, 10 * port);
            c.add(Counter.PORT_RCV_ERRORS, port);
            c.add(Counter.LINK_DOWNED_COUNTER, 1);
            c.transmitted(2 + 4 * 100 * port, false);
            c.received(2 + 4 * 7, true);
        }
        for (int port = 1; port <= 3; port++) {
            PortCounters pc = counters(pma, portCounters(Method.GET, port, 0));
            assertEquals(port, pc.portSelect());
            assertEquals(10 * port, pc.symbolErrorCounter());
            assertEquals(port, pc.portRcvErrors());
            assertEquals(1, pc.linkDownedCounter());
            assertEquals(100 * port, pc.portXmitData());
            assertEquals(1, pc.portXmitPkts());
            assertEquals(7, pc.portRcvData());
            assertEquals(1, pc.portRcvPkts());
            assertEquals(0, pc.portXmitDiscards());
        }
    }

    @Test
    void attributeStartsAtMadByte64AndReservedBytesAreEchoed() {
        sw.counters(2).add(Counter.PORT_RCV_ERRORS, 0x1234);
        byte[] b = portCounters(Method.GET, 2, 0).toBytes();
        b[30] = 0x5A;
        byte[] reply = pma.handle(Mad.copyOf(b)).orElseThrow().toBytes();
        assertEquals(2, reply[64 + 1]);
        assertEquals(0x12, reply[64 + 8]);
        assertEquals(0x34, reply[64 + 9]);
        assertEquals(0x5A, reply[30]);
        assertEquals((byte) 0x81, reply[3]);
    }

    @Test
    void countersSaturateAtTheirWidth() {
        PortCounterSet c = sw.counters(1);
        c.add(Counter.PORT_RCV_ERRORS, 70_000);
        c.add(Counter.LINK_DOWNED_COUNTER, 300);
        c.add(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS, 20);
        c.add(Counter.LOCAL_LINK_INTEGRITY_ERRORS, 15);
        c.add(Counter.PORT_XMIT_DATA, 1L << 33);
        PortCounters pc = counters(pma, portCounters(Method.GET, 1, 0));
        assertEquals(0xFFFF, pc.portRcvErrors());
        assertEquals(0xFF, pc.linkDownedCounter());
        assertEquals(0xF, pc.excessiveBufferOverrunErrors());
        assertEquals(0xF, pc.localLinkIntegrityErrors());
        assertEquals(0xFFFF_FFFFL, pc.portXmitData());
    }

    @Test
    void allPortSelectSumsThePortsAndSaturates() {
        for (int port = 1; port <= 3; port++) {
            sw.counters(port).add(Counter.SYMBOL_ERROR_COUNTER, port);
            sw.counters(port).add(Counter.PORT_RCV_ERRORS, 30_000);
            sw.counters(port).add(Counter.LINK_DOWNED_COUNTER, 100);
            sw.counters(port).add(Counter.PORT_XMIT_PKTS, 1000L * port);
        }
        PortCounters pc = counters(pma, portCounters(Method.GET, PortCounters.ALL_PORTS, 0));
        assertEquals(0xFF, pc.portSelect());
        assertEquals(6, pc.symbolErrorCounter());
        assertEquals(0xFFFF, pc.portRcvErrors());
        assertEquals(0xFF, pc.linkDownedCounter());
        assertEquals(6000, pc.portXmitPkts());
    }

    @Test
    void unadvertisedCountersReadAsZero() {
        sw.counters(1).add(Counter.PORT_XMIT_WAIT, 5);
        sw.counters(1).add(Counter.QP1_DROPPED, 5);
        PortCounters pc = counters(pma, portCounters(Method.GET, 1, 0));
        assertEquals(0, pc.portXmitWait());
        assertEquals(0, pc.qp1Dropped());
    }

    @Test
    void setClearsExactlyTheSelectedCountersOfTheSelectedPort() {
        for (int port = 1; port <= 2; port++) {
            for (Counter counter : Counter.values()) {
                sw.counters(port).add(counter, 3);
            }
        }
        int select = PortCounters.SELECT_PORT_RCV_ERRORS
                | PortCounters.SELECT_PORT_XMIT_PKTS
                | PortCounters.SELECT_EXCESSIVE_BUFFER_OVERRUN_ERRORS;
        PortCounters after = counters(pma, portCounters(Method.SET, 1, select));
        for (Counter counter : Counter.values()) {
            if (counter == Counter.PORT_XMIT_WAIT || counter == Counter.QP1_DROPPED) {
                continue;
            }
            long expected = (counter.counterSelectBit() & select) != 0 ? 0 : 3;
            assertEquals(expected, after.get(counter), counter.specName());
            assertEquals(expected, sw.counters(1).value(counter), counter.specName());
            assertEquals(3, sw.counters(2).value(counter), "port 2 " + counter.specName());
        }
        assertEquals(after, counters(pma, portCounters(Method.GET, 1, 0)));
    }

    @Test
    void setWithAllPortSelectClearsEveryPort() {
        for (int port = 1; port <= 3; port++) {
            sw.counters(port).add(Counter.SYMBOL_ERROR_COUNTER, 9);
            sw.counters(port).transmitted(66, false);
        }
        PortCounters after = counters(pma, portCounters(Method.SET, PortCounters.ALL_PORTS, PortCounters.SELECT_ALL));
        assertEquals(PortCounters.zero(PortCounters.ALL_PORTS), after);
        for (int port = 1; port <= 3; port++) {
            assertEquals(PortCounters.zero(port), sw.counters(port).portCounters(port));
        }
    }

    @Test
    void switchPortZeroHasNoCountersOfItsOwn() {
        sw.counters(1).add(Counter.SYMBOL_ERROR_COUNTER, 4);
        assertEquals(PortCounters.zero(0), counters(pma, portCounters(Method.GET, 0, 0)));
        assertEquals(0, extended(pma, portCountersExtended(Method.GET, 0, 0)).portXmitData());
    }

    @Test
    void portCountersExtendedValues() {
        sw.counters(2).transmitted(2 + 4 * 1000, false);
        sw.counters(2).transmitted(2 + 4 * 500, true);
        sw.counters(2).received(2 + 4 * 250, true);
        sw.counters(3).transmitted(2 + 4 * 10, false);
        PortCountersExtended x = extended(pma, portCountersExtended(Method.GET, 2, 0));
        assertEquals(2, x.portSelect());
        assertEquals(1500, x.portXmitData());
        assertEquals(250, x.portRcvData());
        assertEquals(2, x.portXmitPkts());
        assertEquals(1, x.portRcvPkts());
        assertEquals(1, x.portUnicastXmitPkts());
        assertEquals(0, x.portUnicastRcvPkts());
        assertEquals(1, x.portMulticastXmitPkts());
        assertEquals(1, x.portMulticastRcvPkts());
        PortCountersExtended all = extended(pma, portCountersExtended(Method.GET, 0xFF, 0));
        assertEquals(1510, all.portXmitData());
        assertEquals(3, all.portXmitPkts());
        assertEquals(2, all.portUnicastXmitPkts());
    }

    @Test
    void portCountersExtendedIsNotSaturatedAt32Bits() {
        for (int i = 0; i < 9; i++) {
            sw.counters(1).transmitted(2 + 2_000_000_000, false);
        }
        assertEquals(
                4_500_000_000L,
                extended(pma, portCountersExtended(Method.GET, 1, 0)).portXmitData());
        assertEquals(0xFFFF_FFFFL, counters(pma, portCounters(Method.GET, 1, 0)).portXmitData());
    }

    @Test
    void portCountersExtendedSetClearsTheSelectedCounters() {
        for (int port = 1; port <= 2; port++) {
            sw.counters(port).transmitted(2 + 4 * 8, true);
            sw.counters(port).received(2 + 4 * 8, false);
        }
        int select = PortCountersExtended.SELECT_PORT_XMIT_DATA | PortCountersExtended.SELECT_PORT_MULTICAST_XMIT_PKTS;
        PortCountersExtended x = extended(pma, portCountersExtended(Method.SET, 1, select));
        assertEquals(0, x.portXmitData());
        assertEquals(0, x.portMulticastXmitPkts());
        assertEquals(1, x.portXmitPkts());
        assertEquals(8, x.portRcvData());
        assertEquals(1, x.portUnicastRcvPkts());
        assertEquals(8, sw.counters(2).portCountersExtended(2).portXmitData());
        PortCountersExtended all = extended(pma, portCountersExtended(Method.SET, 0xFF, 0xFF));
        assertEquals(PortCountersExtended.of(0xFF, 0, 0, 0, 0, 0, 0, 0, 0), all);
        assertEquals(0, sw.counters(2).portCountersExtended(2).portRcvPkts());
        assertEquals(8, sw.counters(2).value(Counter.PORT_XMIT_DATA), "PortCounters are separate");
    }

    @Test
    void classPortInfo() {
        PmaMad reply = answer(pma, request(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, new byte[0]));
        assertEquals(0, reply.header().status());
        ClassPortInfo cpi = reply.attribute(ClassPortInfo::decode);
        assertEquals(1, cpi.baseVersion());
        assertEquals(1, cpi.classVersion());
        assertEquals(0x0300, cpi.capabilityMask());
        assertTrue(cpi.hasCapability(ClassPortInfo.PMA_ALL_PORT_SELECT));
        assertTrue(cpi.hasCapability(ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED));
        assertFalse(cpi.hasCapability(ClassPortInfo.PMA_PORT_XMIT_WAIT));
        assertEquals(0, cpi.capabilityMask2());
        assertEquals(18, cpi.respTimeValue());
        assertEquals(ClassPortInfo.of(1, 1, 0x0300, 0, 18), cpi);
    }

    @Test
    void badBaseOrClassVersionIsStatus1() {
        Mad get = portCounters(Method.GET, 1, 0);
        byte[] badClass = get.toBytes();
        badClass[2] = 2;
        assertEquals(0x0004, status(pma, Mad.copyOf(badClass)));
        byte[] badBase = get.toBytes();
        badBase[0] = 2;
        assertEquals(0x0004, status(pma, Mad.copyOf(badBase)));
    }

    @Test
    void unsupportedMethodIsStatus2() {
        for (int method :
                new int[] {Method.SEND, Method.REPORT, Method.TRAP_REPRESS, Method.GET_TABLE, Method.DELETE}) {
            assertEquals(
                    0x0008,
                    status(pma, request(method, PortCounters.ATTRIBUTE_ID, 0, new byte[0])),
                    Method.name(method));
        }
    }

    @Test
    void unsupportedAttributeIsStatus3() {
        assertEquals(0x000C, status(pma, request(Method.GET, 0x0010, 0, new byte[0])), "PortSamplesControl");
        assertEquals(0x000C, status(pma, request(Method.GET, 0x0036, 0, new byte[0])), "PortXmitDataSL");
        assertEquals(0x000C, status(pma, request(Method.SET, ClassPortInfo.ATTRIBUTE_ID, 0, new byte[0])));
    }

    @Test
    void invalidPortSelectOrAttributeModifierIsStatus7() {
        assertEquals(0x001C, status(pma, portCounters(Method.GET, 4, 0)));
        assertEquals(0x001C, status(pma, portCounters(Method.SET, 0xFE, 0xFFFF)));
        assertEquals(0x001C, status(pma, portCountersExtended(Method.GET, 4, 0)));
        assertEquals(
                0x001C,
                status(
                        pma,
                        request(
                                Method.GET,
                                PortCounters.ATTRIBUTE_ID,
                                1,
                                PortCounters.zero(1).toBytes())));
        assertEquals(0x001C, status(pma, request(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 1, new byte[0])));
        Pma ca = new Pma(FakePmaNode.caWith(2));
        assertEquals(0x001C, status(ca, portCounters(Method.GET, 0, 0)), "a CA has no port 0");
        assertEquals(0x001C, status(ca, portCounters(Method.GET, 3, 0)));
        assertEquals(0, status(ca, portCounters(Method.GET, 2, 0)));
        assertEquals(0, status(ca, portCounters(Method.GET, 0xFF, 0)));
    }

    @Test
    void errorAnswerEchoesTheRequestDataAndClearsNothing() {
        sw.counters(1).add(Counter.SYMBOL_ERROR_COUNTER, 1);
        Mad request = portCounters(Method.SET, 9, 0xFFFF);
        PmaMad reply = answer(pma, request);
        assertArrayEquals(PmaMad.decode(request).data(), reply.data());
        assertEquals(1, sw.counters(1).value(Counter.SYMBOL_ERROR_COUNTER));
    }

    @Test
    void responsesAndTrapsAreNotAnswered() {
        for (int method : new int[] {Method.GET_RESP, Method.TRAP, 0x82}) {
            assertTrue(
                    pma.handle(request(method, PortCounters.ATTRIBUTE_ID, 0, new byte[0]))
                            .isEmpty(),
                    Method.name(method));
        }
    }

    @Test
    void otherClassesAreRefused() {
        byte[] b = portCounters(Method.GET, 1, 0).toBytes();
        b[1] = 0x03;
        assertThrows(IllegalArgumentException.class, () -> pma.handle(Mad.copyOf(b)));
    }
}
