package dev.ibmesh.runtime.pma;

import static dev.ibmesh.runtime.pma.PmaRequests.portCounters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.pma.PortCountersExtended;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The PMA's deviations: counters past their width (all ones as IBA 16.1.3.5 says, or wrapped), and a Set that clears
 * more than CounterSelect names.
 */
class PmaOptionsTest {
    private final FakePmaNode sw = FakePmaNode.switchWith(2);

    private PortCounters get(CounterOverflow overflow, int portSelect) {
        return PmaMad.decode(new Pma(sw, new PmaOptions(overflow, true))
                        .handle(portCounters(Method.GET, portSelect, 0))
                        .orElseThrow())
                .attribute(PortCounters::decode);
    }

    @Test
    void countersStopAtAllOnes() {
        sw.counters(1).add(Counter.SYMBOL_ERROR_COUNTER, 0x1_0005);
        sw.counters(1).add(Counter.LOCAL_LINK_INTEGRITY_ERRORS, 17);
        PortCounters c = get(CounterOverflow.SATURATE, 1);
        assertEquals(0xFFFF, c.symbolErrorCounter());
        assertEquals(0xF, c.localLinkIntegrityErrors());
    }

    @Test
    void theSumOverAllPortsStopsAtAllOnesToo() {
        sw.counters(1).add(Counter.PORT_XMIT_DISCARDS, 0xF000);
        sw.counters(2).add(Counter.PORT_XMIT_DISCARDS, 0xF000);
        assertEquals(
                0xFFFF, get(CounterOverflow.SATURATE, PortCounters.ALL_PORTS).portXmitDiscards());
    }

    @Test
    void wrappingCountersKeepTheirLowBits() {
        sw.counters(1).add(Counter.SYMBOL_ERROR_COUNTER, 0x1_0005);
        sw.counters(1).add(Counter.LOCAL_LINK_INTEGRITY_ERRORS, 17);
        PortCounters c = get(CounterOverflow.WRAP, 1);
        assertEquals(5, c.symbolErrorCounter());
        assertEquals(1, c.localLinkIntegrityErrors());
    }

    @Test
    void theDefaultPmaSaturates() {
        sw.counters(2).add(Counter.VL15_DROPPED, 0x2_0000);
        PortCounters c = PmaMad.decode(
                        new Pma(sw).handle(portCounters(Method.GET, 2, 0)).orElseThrow())
                .attribute(PortCounters::decode);
        assertEquals(0xFFFF, c.vl15Dropped());
    }

    @Test
    void aSetClearsOnlyTheSelectedCountersUnlessDeviating() {
        for (boolean honour : new boolean[] {true, false}) {
            sw.counters(1).add(Counter.SYMBOL_ERROR_COUNTER, 4);
            sw.counters(1).add(Counter.LINK_DOWNED_COUNTER, 2);
            PortCounters after = PmaMad.decode(new Pma(sw, new PmaOptions(CounterOverflow.SATURATE, honour))
                            .handle(portCounters(Method.SET, 1, PortCounters.SELECT_SYMBOL_ERROR_COUNTER))
                            .orElseThrow())
                    .attribute(PortCounters::decode);
            assertEquals(0, after.symbolErrorCounter());
            assertEquals(honour ? 2 : 0, after.linkDownedCounter(), honour ? "not selected" : "cleared anyway");
            sw.counters(1).clear(PortCounters.SELECT_ALL);
        }
    }

    private Mad handle(PmaDeparture departure, Mad request) {
        return new Pma(sw, new PmaOptions(CounterOverflow.SATURATE, true, Set.of(departure)))
                .handle(request)
                .orElseThrow();
    }

    @Test
    void departureRefuseAllPortSelectAnswers0xFfWithStatus7() {
        assertEquals(
                0,
                new Pma(sw)
                        .handle(portCounters(Method.GET, PortCounters.ALL_PORTS, 0))
                        .orElseThrow()
                        .header()
                        .status());
        Mad refused = handle(PmaDeparture.REFUSE_ALL_PORT_SELECT, portCounters(Method.GET, PortCounters.ALL_PORTS, 0));
        assertEquals(
                MadStatus.ofCode(MadStatus.CODE_INVALID_FIELD), refused.header().status());
    }

    @Test
    void departureHideExtendedCapabilityClearsBit9Only() {
        Mad get = PmaRequests.request(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, new byte[0]);
        ClassPortInfo hidden = PmaMad.decode(handle(PmaDeparture.HIDE_EXTENDED_CAPABILITY, get))
                .attribute(ClassPortInfo::decode);
        assertFalse(hidden.hasCapability(ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED));
        assertTrue(hidden.hasCapability(ClassPortInfo.PMA_ALL_PORT_SELECT));
    }

    @Test
    void departureAnswerUnsupportedAttributesAnswersStatus0() {
        Mad get = PmaRequests.request(Method.GET, 0x0002, 0, new byte[0]);
        assertEquals(
                MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED),
                new Pma(sw).handle(get).orElseThrow().header().status());
        assertEquals(
                0,
                handle(PmaDeparture.ANSWER_UNSUPPORTED_ATTRIBUTES, get).header().status());
    }

    @Test
    void departureExtendedDataInOctetsReportsFourTimesTheWords() {
        sw.counters(1).received(290, false);
        Mad get = PmaRequests.portCountersExtended(Method.GET, 1, 0);
        long words = PmaMad.decode(new Pma(sw).handle(get).orElseThrow())
                .attribute(PortCountersExtended::decode)
                .portRcvData();
        long octets = PmaMad.decode(handle(PmaDeparture.EXTENDED_DATA_IN_OCTETS, get))
                .attribute(PortCountersExtended::decode)
                .portRcvData();
        assertEquals(72, words);
        assertEquals(4 * words, octets);
    }
}
