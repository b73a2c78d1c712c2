package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every receive-check failure is dropped with its reason and counted where the spec says; good packets pass. */
class ReceiveCheckTest {
    private static final int LID = 0x10;

    private final ReceivePolicy policy =
            new ReceivePolicy().mtuCap(Mtu.MTU_256).operationalVlsCode(2).lid(LID, 2);

    private static PacketBuilder send(int vl, int dlid, int slid, int payload) {
        return PacketBuilder.iba(
                        Lrh.of(vl, 0, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x33, true, 1))
                .payload(new byte[payload]);
    }

    private static PacketBuilder smp(int dlid, int destQp) {
        return PacketBuilder.iba(
                        Lrh.of(15, 0, Lrh.LNH_IBA_LOCAL, dlid, 0xFFFF),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, destQp, false, 0))
                .headers(new Deth(0, 0))
                .payload(new byte[256]);
    }

    private DropReason check(byte[] frame) {
        return ReceiveCheck.check(frame, 0, frame.length, policy);
    }

    @Test
    void eachFailureHasItsReasonAndAGoodPacketStillPasses() {
        Map<DropReason, byte[]> cases = new LinkedHashMap<>();
        cases.put(DropReason.BAD_VCRC, send(0, LID, 1, 8).badVcrc().build());
        cases.put(DropReason.BAD_ICRC, send(0, LID, 1, 8).badIcrc().build());
        cases.put(
                DropReason.BELOW_MINIMUM_LENGTH,
                PacketBuilder.raw(Lrh.of(0, 0, 0, LID, 1), new byte[4]).build());
        cases.put(DropReason.ABOVE_MAXIMUM_LENGTH, send(0, LID, 1, 400).build());
        cases.put(DropReason.PKTLEN_MISMATCH, send(0, LID, 1, 8).pktLen(3).build());
        cases.put(
                DropReason.BAD_LVER,
                PacketBuilder.iba(
                                new Lrh(0, 1, 0, 0, 2, LID, 0, 0, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                        .build());
        cases.put(DropReason.BAD_VL, send(2, LID, 1, 8).build());
        cases.put(DropReason.BAD_DLID, send(0, LID + 4, 1, 8).build());
        cases.put(DropReason.BAD_SLID, send(0, LID, 0xC001, 8).build());
        byte[] good = send(1, LID + 3, 1, 8).build();
        PortCounterSet counters = new PortCounterSet();
        for (Map.Entry<DropReason, byte[]> e : cases.entrySet()) {
            DropReason r = check(e.getValue());
            assertEquals(e.getKey(), r);
            counters.dropped(r);
            assertEquals(DropReason.NONE, check(good), "a good packet after " + e.getKey());
        }
        PortCounters snapshot = counters.portCounters(1);
        assertEquals(7, snapshot.portRcvErrors(), "VCRC, ICRC, 3 length, LVer, VL");
        assertEquals(0, snapshot.vl15Dropped());
    }

    @Test
    void vl15CarriesOnlySmpsToQp0() {
        assertEquals(DropReason.NONE, check(smp(0xFFFF, 0).build()), "DR SMP to the permissive LID");
        assertEquals(DropReason.NONE, check(smp(LID, 0).build()));
        assertEquals(DropReason.BAD_VL, check(smp(LID, 1).build()), "QP1 is never on VL15");
        assertEquals(DropReason.BAD_DLID, check(send(0, 0xFFFF, 1, 8).build()), "permissive DLID off VL15");
    }

    @Test
    void dlidIsComparedWithTheLmcBitsMasked() {
        for (int lid = LID; lid < LID + 4; lid++) {
            assertEquals(DropReason.NONE, check(send(0, lid, 1, 8).build()), "LID " + lid);
        }
        assertEquals(DropReason.BAD_DLID, check(send(0, LID - 1, 1, 8).build()));
        assertEquals(DropReason.NONE, check(send(0, 0xC123, 1, 8).build()), "multicast");
        assertEquals(DropReason.BAD_DLID, check(send(0, 0, 1, 8).build()), "LID 0 is reserved");
    }

    @Test
    void relayingSwitchPortSkipsAddressAndIcrcChecks() {
        policy.endNode(false);
        assertEquals(DropReason.NONE, check(send(0, 0x999, 1, 8).badIcrc().build()));
        assertEquals(DropReason.BAD_VCRC, check(send(0, 0x999, 1, 8).badVcrc().build()));
    }

    @Test
    void crcErrorsWinOverLaterErrors() {
        assertEquals(DropReason.BAD_ICRC, check(send(3, 0, 0, 8).badIcrc().build()));
    }

    @Test
    void countersSaturateAndClearBySelect() {
        PortCounterSet c = new PortCounterSet();
        c.add(Counter.PORT_RCV_ERRORS, 70_000);
        c.add(Counter.LINK_DOWNED_COUNTER, 3);
        c.add(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS, 16);
        c.transmitted(290, false);
        assertEquals(0xFFFF, c.portCounters(1).portRcvErrors(), "16-bit counters stop at all ones");
        assertEquals(0xF, c.portCounters(1).excessiveBufferOverrunErrors());
        assertEquals(72, c.portCounters(1).portXmitData(), "octets / 4 without the VCRC");
        assertEquals(70_000, c.value(Counter.PORT_RCV_ERRORS), "64 bits inside");
        c.clear(PortCounters.SELECT_PORT_RCV_ERRORS);
        assertEquals(0, c.portCounters(1).portRcvErrors());
        assertEquals(3, c.portCounters(1).linkDownedCounter(), "unselected counters keep their value");
        assertEquals(72, c.portCountersExtended(1).portXmitData());
        c.clearExtended(dev.ibmesh.mad.pma.PortCountersExtended.SELECT_PORT_XMIT_DATA);
        assertEquals(0, c.portCountersExtended(1).portXmitData());
        assertEquals(1, c.portCountersExtended(1).portUnicastXmitPkts());
    }

    @Test
    void aDepartureLeavesOutItsCheckOnlyAndTheOthersKeepTheirPrecedence() {
        byte[] badVcrc = send(0, LID, 1, 8).badVcrc().build();
        byte[] badLenAndDlid = send(0, LID + 4, 1, 8).pktLen(3).build();
        ReceivePolicy departing = new ReceivePolicy()
                .mtuCap(Mtu.MTU_256)
                .operationalVlsCode(2)
                .lid(LID, 2)
                .depart(Set.of(ReceiveDeparture.NO_VCRC_CHECK, ReceiveDeparture.NO_PKTLEN_CHECK));
        assertEquals(DropReason.NONE, ReceiveCheck.check(badVcrc, 0, badVcrc.length, departing));
        assertEquals(
                DropReason.BAD_DLID,
                ReceiveCheck.check(badLenAndDlid, 0, badLenAndDlid.length, departing),
                "next check");
        assertEquals(DropReason.BAD_VCRC, check(badVcrc), "the compliant port");
        assertTrue(departing.departs(ReceiveDeparture.NO_VCRC_CHECK));
        assertFalse(departing.departs(ReceiveDeparture.ACCEPT_EBP));
    }

    @Test
    void dlidDeparturesTakeAnyDlidOrOnlyTheBaseLid() {
        byte[] other = send(0, LID + 4, 1, 8).build();
        byte[] inRange = send(0, LID + 1, 1, 8).build();
        ReceivePolicy any = new ReceivePolicy().lid(LID, 2).depart(Set.of(ReceiveDeparture.NO_DLID_CHECK));
        ReceivePolicy baseOnly = new ReceivePolicy().lid(LID, 2).depart(Set.of(ReceiveDeparture.IGNORE_LMC));
        assertEquals(DropReason.NONE, ReceiveCheck.check(other, 0, other.length, any));
        assertEquals(DropReason.BAD_DLID, ReceiveCheck.check(inRange, 0, inRange.length, baseOnly));
        assertEquals(DropReason.NONE, check(inRange), "the compliant port takes its LID range");
    }
}
