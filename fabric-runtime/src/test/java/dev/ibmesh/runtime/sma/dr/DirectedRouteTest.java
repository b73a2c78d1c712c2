package dev.ibmesh.runtime.sma.dr;

import static dev.ibmesh.mad.DrSmp.PERMISSIVE_LID;
import static dev.ibmesh.runtime.sma.dr.DirectedRoute.receive;
import static dev.ibmesh.runtime.sma.dr.DirectedRoute.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.runtime.sma.dr.DrDecision.Deliver;
import dev.ibmesh.runtime.sma.dr.DrDecision.Drop;
import dev.ibmesh.runtime.sma.dr.DrDecision.Forward;
import dev.ibmesh.runtime.sma.dr.DrDecision.LeaveByLid;
import dev.ibmesh.runtime.sma.dr.DrDecision.LidRoute;
import dev.ibmesh.wire.KnownFrames;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** One case per rule of IBA 14.2.2, C14-6, C14-9 and C14-13. */
class DirectedRouteTest {
    /** Where the MAD starts in a local (LRH + BTH + DETH) frame of docs/test-vectors.md. */
    private static final int MAD_OFFSET = 28;

    private static final int NODE_INFO = 0x0011;
    private static final boolean OUT = false;
    private static final boolean BACK = true;

    private static final DrNode SM_HCA = DrNode.channelAdapter(1, 1);
    private static final DrNode CA = DrNode.channelAdapter(2, 20);
    private static final DrNode SWITCH = DrNode.switchNode(8, 30);

    /** A DR SMP with InitialPath[1..] = {@code initial} and ReturnPath[1..] = {@code ret}. */
    static DrSmp dr(boolean returning, int hp, int hc, int drSlid, int drDlid, int[] initial, int[] ret) {
        MadHeader h = new MadHeader(
                1,
                MgmtClass.SUBN_DIRECTED_ROUTE,
                1,
                returning ? Method.GET_RESP : Method.GET,
                returning ? DrSmp.D_BIT : 0,
                (hp << 8) | hc,
                0x42,
                NODE_INFO,
                0,
                0);
        return new DrSmp(h, 0, drSlid, drDlid, new byte[28], new byte[64], path(initial), path(ret));
    }

    static DrSmp dr(boolean returning, int hp, int hc, int[] initial, int[] ret) {
        return dr(returning, hp, hc, PERMISSIVE_LID, PERMISSIVE_LID, initial, ret);
    }

    private static byte[] path(int[] entries) {
        byte[] p = new byte[64];
        for (int i = 0; i < entries.length; i++) {
            p[i + 1] = (byte) entries[i];
        }
        return p;
    }

    private static int[] ports(int... p) {
        return p;
    }

    static DrDropReason dropOf(DrDecision d) {
        return assertInstanceOf(Drop.class, d).reason();
    }

    private static Mad madOf(KnownFrames.KnownFrame frame) {
        return Mad.copyOf(frame.bytes(), MAD_OFFSET, Mad.SIZE);
    }

    // Originator, D = 0 (C14-9:1, C14-9:3)

    @Test
    void originatorIncrementsHopPointerAndSendsOnInitialPath1LikeVectorS2() {
        DrSmp get = DrSmp.outbound(Method.GET, 0x1235, NODE_INFO, 0, 0, new byte[0], 1);

        Forward f = assertInstanceOf(Forward.class, send(get, SM_HCA));

        assertEquals(1, f.port());
        assertEquals(1, f.smp().hopPointer());
        assertEquals(1, f.smp().hopCount());
        assertEquals(0, get.hopPointer(), "the input SMP is left alone");
        assertEquals(madOf(KnownFrames.S2), f.smp().encode(), "the first-hop MAD of vector S2");
    }

    @Test
    void originatorSendsOnTheFirstEntryOfALongerPath() {
        Forward f = assertInstanceOf(Forward.class, send(dr(OUT, 0, 3, ports(5, 2, 7), ports()), SWITCH));
        assertEquals(5, f.port());
        assertEquals(1, f.smp().hopPointer());
        assertArrayEquals(new byte[64], f.smp().returnPath());
    }

    @Test
    void originatorDropsAPathWhoseFirstPortIsZeroOrAboveThePortCount() {
        assertEquals(DrDropReason.INITIAL_PATH_PORT_ZERO, dropOf(send(dr(OUT, 0, 2, ports(0, 1), ports()), SWITCH)));
        assertEquals(
                DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT, dropOf(send(dr(OUT, 0, 2, ports(2, 1), ports()), SM_HCA)));
    }

    @Test
    void originatorDropsAHopPointerOtherThanZero() {
        assertEquals(DrDropReason.HOP_POINTER_OUT_OF_RANGE, dropOf(send(dr(OUT, 1, 2, ports(1, 1), ports()), SM_HCA)));
    }

    @Test
    void originatorDropsAHopCountAbove63() {
        assertEquals(DrDropReason.HOP_COUNT_TOO_LARGE, dropOf(send(dr(OUT, 0, 64, ports(1), ports()), SM_HCA)));
    }

    @Test
    void originatorWithHopCountZeroDeliversToItsOwnSmaOrLidRoutesFromASwitch() {
        Deliver d = assertInstanceOf(Deliver.class, send(dr(OUT, 0, 0, ports(), ports()), SM_HCA));
        assertEquals(1, d.smp().hopPointer());

        LidRoute l =
                assertInstanceOf(LidRoute.class, send(dr(OUT, 0, 0, PERMISSIVE_LID, 77, ports(), ports()), SWITCH));
        assertEquals(77, l.dlid());
        assertEquals(1, l.smp().hopPointer());

        assertEquals(
                DrDropReason.CA_CANNOT_LID_ROUTE,
                dropOf(send(dr(OUT, 0, 0, PERMISSIVE_LID, 77, ports(), ports()), CA)));
    }

    @Test
    void originatorWithDrSlidSetLeavesByLidWithHopPointerZero() {
        DrSmp smp = dr(OUT, 0, 2, 1, PERMISSIVE_LID, ports(3, 4), ports());
        assertSame(smp, assertInstanceOf(LeaveByLid.class, send(smp, SM_HCA)).smp());
    }

    // Responder, D = 1 (C14-13:1, C14-13:3)

    @Test
    void responderCaDecrementsHopPointerAndSendsOnReturnPathHopCount() {
        Forward f = assertInstanceOf(Forward.class, send(dr(BACK, 4, 3, ports(2, 2, 2), ports(1, 6, 2)), CA));
        assertEquals(2, f.port());
        assertEquals(3, f.smp().hopPointer());
    }

    @Test
    void responderSendsOnReturnPathHopCountFromASwitch() {
        Forward f = assertInstanceOf(Forward.class, send(dr(BACK, 4, 3, ports(2, 2, 2), ports(1, 6, 4)), SWITCH));
        assertEquals(4, f.port());
        assertEquals(3, f.smp().hopPointer());
        assertTrue(f.smp().direction());
    }

    @Test
    void responderDropsAReturnPortThatIsZeroOrAboveThePortCount() {
        assertEquals(
                DrDropReason.RETURN_PATH_PORT_ZERO, dropOf(send(dr(BACK, 3, 2, ports(2, 2), ports(1, 0)), SWITCH)));
        assertEquals(
                DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT,
                dropOf(send(dr(BACK, 3, 2, ports(2, 2), ports(1, 9)), SWITCH)));
    }

    @Test
    void responderDropsAHopPointerOtherThanHopCountPlusOne() {
        assertEquals(
                DrDropReason.HOP_POINTER_OUT_OF_RANGE, dropOf(send(dr(BACK, 2, 2, ports(2, 2), ports(1, 1)), SWITCH)));
    }

    @Test
    void responderDropsAHopCountAbove63() {
        assertEquals(DrDropReason.HOP_COUNT_TOO_LARGE, dropOf(send(dr(BACK, 65, 64, ports(1), ports(1)), SWITCH)));
    }

    @Test
    void responderWithHopCountZeroDeliversToItsOwnSmOrLidRoutesToDrSlid() {
        Deliver d = assertInstanceOf(Deliver.class, send(dr(BACK, 1, 0, ports(), ports()), SM_HCA));
        assertEquals(0, d.smp().hopPointer());

        LidRoute l =
                assertInstanceOf(LidRoute.class, send(dr(BACK, 1, 0, 5, PERMISSIVE_LID, ports(), ports()), SWITCH));
        assertEquals(5, l.dlid());
        assertEquals(0, l.smp().hopPointer());
    }

    @Test
    void responderAtTheEndOfALidRoutedPartLeavesByLidUnchanged() {
        DrSmp smp = dr(BACK, 3, 2, PERMISSIVE_LID, 20, ports(2, 2), ports(1, 1));
        assertSame(smp, assertInstanceOf(LeaveByLid.class, send(smp, CA)).smp());
    }

    // Received, D = 0 (C14-9)

    @Test
    void outboundIntermediateSwitchRecordsIngressAndForwardsOnTheNextInitialPathEntry() {
        DrSmp in = dr(OUT, 1, 3, ports(1, 6, 2), ports());
        Forward f = assertInstanceOf(Forward.class, receive(in, SWITCH, 7));

        assertEquals(6, f.port());
        assertEquals(2, f.smp().hopPointer());
        assertEquals(7, f.smp().returnPath(1));
        assertEquals(0, in.returnPath(1), "the input SMP is left alone");
        assertEquals(1, in.hopPointer());
    }

    @Test
    void outboundCaWithHopPointerBelowHopCountDrops() {
        assertEquals(DrDropReason.CA_CANNOT_FORWARD, dropOf(receive(dr(OUT, 1, 3, ports(1, 1, 1), ports()), CA, 1)));
    }

    @Test
    void outboundDropsANextPortThatIsZeroOrAboveThePortCount() {
        assertEquals(
                DrDropReason.INITIAL_PATH_PORT_ZERO,
                dropOf(receive(dr(OUT, 1, 3, ports(1, 0, 2), ports()), SWITCH, 1)));
        assertEquals(
                DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT,
                dropOf(receive(dr(OUT, 1, 3, ports(1, 9, 2), ports()), SWITCH, 1)));
    }

    @Test
    void outboundHopPointerZeroWithHopCountAboveZeroWasNotIncremented() {
        assertEquals(
                DrDropReason.HOP_POINTER_NOT_INCREMENTED,
                dropOf(receive(dr(OUT, 0, 2, ports(1, 1), ports()), SWITCH, 1)));
    }

    @Test
    void outboundSwitchReachedByAnInitialLidRoutedPartStartsTheDirectedPart() {
        DrSmp in = dr(OUT, 0, 2, 1, PERMISSIVE_LID, ports(3, 4), ports());
        Forward f = assertInstanceOf(Forward.class, receive(in, SWITCH, 5));
        assertEquals(3, f.port());
        assertEquals(1, f.smp().hopPointer());
        assertArrayEquals(new byte[64], f.smp().returnPath(), "no ReturnPath entry for the LID-routed part");

        assertEquals(DrDropReason.CA_CANNOT_FORWARD, dropOf(receive(in, CA, 1)));
    }

    @Test
    void outboundEndOfTheDirectedPartAtASwitchDelivers() {
        Deliver d = assertInstanceOf(Deliver.class, receive(dr(OUT, 3, 3, ports(1, 1, 1), ports(2, 2)), SWITCH, 5));
        assertEquals(4, d.smp().hopPointer());
        assertEquals(5, d.smp().returnPath(3));
        assertEquals(2, d.smp().returnPath(2));
    }

    @Test
    void outboundEndOfTheDirectedPartAtACaDelivers() {
        Deliver d = assertInstanceOf(Deliver.class, receive(dr(OUT, 1, 1, ports(1), ports()), CA, 2));
        assertEquals(2, d.smp().hopPointer());
        assertEquals(2, d.smp().returnPath(1));
    }

    @Test
    void outboundHopCountZeroReceivedDeliversWithoutAReturnPathEntry() {
        Deliver d = assertInstanceOf(Deliver.class, receive(dr(OUT, 0, 0, ports(), ports()), SWITCH, 3));
        assertEquals(1, d.smp().hopPointer());
        assertArrayEquals(new byte[64], d.smp().returnPath());
    }

    @Test
    void outboundEndOfTheDirectedPartWithDrDlidLidRoutesFromASwitchOnly() {
        DrSmp in = dr(OUT, 2, 2, PERMISSIVE_LID, 99, ports(1, 1), ports(4));
        LidRoute l = assertInstanceOf(LidRoute.class, receive(in, SWITCH, 6));
        assertEquals(99, l.dlid());
        assertEquals(3, l.smp().hopPointer());
        assertEquals(6, l.smp().returnPath(2));

        assertEquals(DrDropReason.CA_CANNOT_LID_ROUTE, dropOf(receive(in, CA, 1)));
    }

    @Test
    void outboundHopPointerHopCountPlusOneDelivers() {
        DrSmp pure = dr(OUT, 3, 2, ports(1, 1), ports(1, 1));
        assertSame(pure, assertInstanceOf(Deliver.class, receive(pure, CA, 1)).smp());
        DrSmp lidRouted = dr(OUT, 3, 2, PERMISSIVE_LID, CA.lid(), ports(1, 1), ports(1, 1));
        assertSame(
                lidRouted,
                assertInstanceOf(Deliver.class, receive(lidRouted, CA, 1)).smp());
    }

    @Test
    void outboundHopPointerHopCountPlusOneForAnotherLidDrops() {
        assertEquals(
                DrDropReason.NOT_ADDRESSED_TO_THIS_NODE,
                dropOf(receive(dr(OUT, 3, 2, PERMISSIVE_LID, 21, ports(1, 1), ports(1, 1)), CA, 1)));
    }

    @Test
    void outboundDropsAHopPointerBeyondHopCountPlusOne() {
        assertEquals(
                DrDropReason.HOP_POINTER_OUT_OF_RANGE, dropOf(receive(dr(OUT, 4, 2, ports(1, 1), ports()), SWITCH, 1)));
        assertEquals(
                DrDropReason.HOP_POINTER_OUT_OF_RANGE,
                dropOf(receive(dr(OUT, 255, 2, ports(1, 1), ports()), SWITCH, 1)));
    }

    @Test
    void outboundDropsAHopCountAbove63() {
        assertEquals(
                DrDropReason.HOP_COUNT_TOO_LARGE, dropOf(receive(dr(OUT, 1, 64, ports(1, 1), ports()), SWITCH, 1)));
        assertEquals(
                DrDropReason.HOP_COUNT_TOO_LARGE, dropOf(receive(dr(OUT, 1, 255, ports(1, 1), ports()), SWITCH, 1)));
    }

    @Test
    void outboundAcceptsHopCount63() {
        int[] path = new int[63];
        Arrays.fill(path, 2);
        assertInstanceOf(Forward.class, receive(dr(OUT, 62, 63, path, ports()), SWITCH, 1));
        assertInstanceOf(Deliver.class, receive(dr(OUT, 63, 63, path, ports()), SWITCH, 1));
    }

    @Test
    void outboundRejectsAnIngressPortTheNodeDoesNotHave() {
        DrSmp smp = dr(OUT, 1, 1, ports(1), ports());
        assertThrows(IllegalArgumentException.class, () -> receive(smp, SWITCH, 0));
        assertThrows(IllegalArgumentException.class, () -> receive(smp, SWITCH, 9));
    }

    @Test
    void outboundSwitchReceivesVectorS2OnPort5AndAnswersWithVectorS3() {
        DrNode switch36 = DrNode.switchNode(36, 0);
        DrSmp request = DrSmp.decode(madOf(KnownFrames.S2));

        DrSmp delivered =
                assertInstanceOf(Deliver.class, receive(request, switch36, 5)).smp();
        DrSmp s3 = DrSmp.decode(madOf(KnownFrames.S3));
        DrSmp response = DrResponse.getResp(delivered, 0, s3.data());
        Forward back = assertInstanceOf(Forward.class, send(response, switch36));

        assertEquals(5, back.port());
        assertEquals(madOf(KnownFrames.S3), back.smp().encode());
    }

    // Received, D = 1 (C14-13)

    @Test
    void returningIntermediateSwitchDecrementsAndForwardsOnReturnPath() {
        Forward f = assertInstanceOf(
                Forward.class, receive(dr(BACK, 3, 4, ports(2, 2, 2, 2), ports(1, 6, 4, 3)), SWITCH, 2));
        assertEquals(6, f.port());
        assertEquals(2, f.smp().hopPointer());
    }

    @Test
    void returningCaAsIntermediateHopDrops() {
        assertEquals(
                DrDropReason.CA_CANNOT_FORWARD, dropOf(receive(dr(BACK, 2, 3, ports(1, 1, 1), ports(1, 1, 1)), CA, 1)));
    }

    @Test
    void returningDropsAReturnPortThatIsZeroOrAboveThePortCount() {
        assertEquals(
                DrDropReason.RETURN_PATH_PORT_ZERO,
                dropOf(receive(dr(BACK, 2, 2, ports(1, 1), ports(0, 1)), SWITCH, 1)));
        assertEquals(
                DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT,
                dropOf(receive(dr(BACK, 2, 2, ports(1, 1), ports(9, 1)), SWITCH, 1)));
    }

    @Test
    void returningHopPointerOneWithPermissiveDrSlidDeliversToTheSm() {
        Deliver d = assertInstanceOf(Deliver.class, receive(dr(BACK, 1, 2, ports(1, 2), ports(3, 4)), SM_HCA, 1));
        assertEquals(0, d.smp().hopPointer());
        assertTrue(d.smp().direction());
    }

    @Test
    void returningHopPointerOneWithDrSlidLidRoutesFromASwitchOnly() {
        DrSmp in = dr(BACK, 1, 2, 1, PERMISSIVE_LID, ports(1, 2), ports(3, 4));
        LidRoute l = assertInstanceOf(LidRoute.class, receive(in, SWITCH, 4));
        assertEquals(1, l.dlid());
        assertEquals(0, l.smp().hopPointer());

        assertEquals(DrDropReason.CA_CANNOT_LID_ROUTE, dropOf(receive(in, CA, 1)));
    }

    @Test
    void returningHopPointerZeroDeliversToTheSmItIsAddressedTo() {
        assertInstanceOf(Deliver.class, receive(dr(BACK, 0, 2, ports(1, 2), ports(3, 4)), SM_HCA, 1));
        assertInstanceOf(
                Deliver.class,
                receive(dr(BACK, 0, 2, SM_HCA.lid(), PERMISSIVE_LID, ports(1, 2), ports(3, 4)), SM_HCA, 1));
        assertEquals(
                DrDropReason.NOT_ADDRESSED_TO_THIS_NODE,
                dropOf(receive(dr(BACK, 0, 2, 7, PERMISSIVE_LID, ports(1, 2), ports(3, 4)), SM_HCA, 1)));
    }

    @Test
    void returningSwitchWhereTheDirectedPartEndedTakesBackALidRoutedResponse() {
        DrSmp in = dr(BACK, 3, 2, PERMISSIVE_LID, 99, ports(1, 1), ports(4, 6));
        Forward f = assertInstanceOf(Forward.class, receive(in, SWITCH, 2));
        assertEquals(6, f.port());
        assertEquals(2, f.smp().hopPointer());

        assertEquals(DrDropReason.CA_CANNOT_FORWARD, dropOf(receive(in, CA, 1)));
    }

    @Test
    void returningHopPointerHopCountPlusOneWithPermissiveDrDlidWasNotDecremented() {
        assertEquals(
                DrDropReason.HOP_POINTER_OUT_OF_RANGE,
                dropOf(receive(dr(BACK, 3, 2, ports(1, 1), ports(4, 6)), SWITCH, 2)));
    }

    @Test
    void returningDropsAHopPointerBeyondHopCountPlusOne() {
        assertEquals(
                DrDropReason.HOP_POINTER_OUT_OF_RANGE,
                dropOf(receive(dr(BACK, 4, 2, ports(1, 1), ports(1, 1)), SWITCH, 1)));
    }

    @Test
    void returningDropsAHopCountAbove63() {
        assertEquals(
                DrDropReason.HOP_COUNT_TOO_LARGE,
                dropOf(receive(dr(BACK, 2, 64, ports(1, 1), ports(1, 1)), SWITCH, 1)));
    }
}
