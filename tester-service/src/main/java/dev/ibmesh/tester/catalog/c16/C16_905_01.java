package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.wire.Bits;

/**
 * PortCountersExtended (attribute 0x001D, IBA 16.1; advertised by ClassPortInfo CapabilityMask bit 9) counts the
 * data packets and their 4-octet words on the DUT's port on the link. After a Set that clears them, the tester sends
 * {@link #SMPS} SubnGet(NodeInfo) and reads the counters: the port received those and the Get (each a MAD packet of
 * {@link #MAD_PACKET_WORDS} words), and sent the Set's answer and the SMPs' answers, all unicast.
 *
 * <p>The data counters count the octets between the start-of-packet delimiter and the VCRC, both excluded, divided by
 * 4 (IBA 16.1.3.5, the same for PortCounters and PortCountersExtended): a MAD packet without a GRH is LRH 8 + BTH 12
 * + DETH 8 + MAD 256 + ICRC 4 = 288 octets, 72 words. The packet that carries the Set is counted before the Set clears
 * the counters (it arrived first), the answer to the Get after it is read.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_905_01",
        title = "PortCountersExtended counts the data packets and 4-octet words of the link",
        coverage = {"IBA 16.1", "IBA 16.1.3.5"},
        assertions = {"v1c16-905#01", "v1c16-905#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"ClassPortInfo:CapabilityMask.PortCountersExtended = 1"},
        ownId = true,
        provenBy = {"pma-extended-data-in-octets"})
public final class C16_905_01 extends PortCountersProcedure {
    /** SMPs the tester sends between the Set and the Get. */
    static final int SMPS = 4;
    /** A MAD packet without a GRH, LRH through ICRC, in 4-octet words. */
    static final long MAD_PACKET_WORDS = (8 + 12 + 8 + 256 + 4) / 4;

    private static final String CLEARED = "v1c16-905#01";
    private static final String COUNTED = "v1c16-905#02";

    @Override
    protected void initialize() {
        super.initialize();
        ClassPortInfo info = classPortInfo(CLEARED);
        if (!info.hasCapability(ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED)) {
            notApplicable("the PMA does not advertise PortCountersExtended (CapabilityMask 0x"
                    + Integer.toHexString(info.capabilityMask()) + ")");
        }
    }

    @Override
    protected void execute() {
        step(1, "SendMad (Set(PortCountersExtended where PortSelect = " + dutPort() + ", CounterSelect = 0xFF))");
        PortCountersExtended cleared = extended(CLEARED, Method.SET, 0xFF);
        check(CLEARED, "PortCountersExtended:PortRcvPkts", 0L, cleared.portRcvPkts());
        check(CLEARED, "PortCountersExtended:PortXmitPkts", 0L, cleared.portXmitPkts());

        step(2, "SendMad (SubnGet(NodeInfo)) " + SMPS + " times");
        for (int i = 0; i < SMPS; i++) {
            mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0).requireOk();
        }

        step(3, "SendMad (Get(PortCountersExtended where PortSelect = " + dutPort() + "))");
        PortCountersExtended c = extended(COUNTED, Method.GET, 0);
        step(
                4,
                "Verify the port received " + (SMPS + 1) + " and sent " + (SMPS + 1) + " unicast packets of "
                        + MAD_PACKET_WORDS + " words");
        long packets = SMPS + 1;
        check(COUNTED, "PortCountersExtended:PortRcvPkts", packets, c.portRcvPkts());
        check(COUNTED, "PortCountersExtended:PortUnicastRcvPkts", packets, c.portUnicastRcvPkts());
        check(COUNTED, "PortCountersExtended:PortMulticastRcvPkts", 0L, c.portMulticastRcvPkts());
        check(COUNTED, "PortCountersExtended:PortXmitPkts", packets, c.portXmitPkts());
        check(COUNTED, "PortCountersExtended:PortUnicastXmitPkts", packets, c.portUnicastXmitPkts());
        check(COUNTED, "PortCountersExtended:PortRcvData", packets * MAD_PACKET_WORDS, c.portRcvData());
        check(COUNTED, "PortCountersExtended:PortXmitData", packets * MAD_PACKET_WORDS, c.portXmitData());
    }

    private PortCountersExtended extended(String assertions, int method, int counterSelect) {
        byte[] request =
                PortCountersExtended.of(dutPort(), 0, 0, 0, 0, 0, 0, 0, 0).toBytes();
        Bits.put16(request, COUNTER_SELECT_OFFSET, counterSelect);
        MadExchange x = pma(assertions, method, PortCountersExtended.ATTRIBUTE_ID, request);
        check(assertions, "MADHeader:Status", "0x0000", status(x));
        PortCountersExtended answer = PmaMad.decode(x.response().mad()).attribute(PortCountersExtended::decode);
        check(assertions, "PortCountersExtended:PortSelect", dutPort(), answer.portSelect());
        return answer;
    }
}
