package dev.ibmesh.runtime.sma;

import static dev.ibmesh.mad.DrSmp.PERMISSIVE_LID;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrDecision.Forward;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.PacketCheck;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte-level intermediate hop against {@link DirectedRoute}'s decision on the same SMP. */
class IntermediateHopTest {
    private static final int PORTS = 8;
    private static final DrNode SWITCH = DrNode.switchNode(PORTS, 30);
    /** Short routes, and HopCounts at and beyond C14-6's limit of 63 (the longest path, and ones dropped). */
    private static final int[] HOP_COUNTS = {0, 1, 2, 3, 4, 5, 6, 7, 62, 63, 64, 255};

    /**
     * Every D bit, HopCount 0..7 and around the C14-6 limit of 63, and HopPointer 0..HopCount + 2, with path entries 0..PORTS + 1 and both DrLIDs
     * permissive or not: where the byte-level hop answers, DirectedRoute forwards out of the same port, and the frame
     * leaving is the one built from DirectedRoute's SMP; where it does not, DirectedRoute decides something else or
     * is at an end of the route.
     */
    @Test
    void agreesWithDirectedRouteOnEveryHop() {
        Random random = new Random(7);
        int fast = 0;
        for (int round = 0; round < 40; round++) {
            for (boolean returning : new boolean[] {false, true}) {
                for (int hc : HOP_COUNTS) {
                    for (int hp = 0; hp <= Math.min(hc + 2, 0xFF); hp++) {
                        int drLid = round % 4 == 0 ? 0x0012 : PERMISSIVE_LID;
                        DrSmp smp = smp(returning, hp, hc, drLid, random);
                        int ingress = 1 + random.nextInt(PORTS);
                        byte[] frame = SmpPackets.frame(PERMISSIVE_LID, PERMISSIVE_LID, smp.encode());
                        byte[] received = frame.clone();

                        int egress = IntermediateHop.egressPort(frame, PORTS);
                        DrDecision decision = DirectedRoute.receive(smp, SWITCH, ingress);

                        if (egress == IntermediateHop.NONE) {
                            boolean intermediate = returning ? hp >= 2 && hp <= hc : hp > 0 && hp < hc;
                            assertTrue(
                                    !(decision instanceof Forward) || !intermediate,
                                    "DirectedRoute forwards an intermediate hop the bytes left: " + smp.header());
                            continue;
                        }
                        fast++;
                        Forward f = assertInstanceOf(Forward.class, decision, "hp " + hp + " hc " + hc);
                        assertEquals(f.port(), egress);
                        byte[] expected = SmpPackets.frame(
                                PERMISSIVE_LID, PERMISSIVE_LID, f.smp().encode());
                        assertArrayEquals(expected, IntermediateHop.next(frame, ingress), "hp " + hp + " hc " + hc);
                        assertArrayEquals(received, frame, "the received frame is left alone");
                    }
                }
            }
        }
        assertTrue(fast > 1000, "too few intermediate hops drawn: " + fast);
    }

    @Test
    void writesTheHeadersAHopLeavesWithWhateverTheReceivedOnesSaid() {
        DrSmp smp = smp(false, 1, 3, PERMISSIVE_LID, new Random(1));
        smp.initialPath()[2] = 4;
        byte[] frame = SmpPackets.frame(0x0005, 0x0009, 3, smp.encode());

        byte[] next = IntermediateHop.next(frame, 2);

        assertEquals(4, IntermediateHop.egressPort(frame, PORTS));
        assertEquals(Lrh.PERMISSIVE_LID, Lrh.dlid(next, 0));
        assertEquals(Lrh.PERMISSIVE_LID, Lrh.slid(next, 0));
        assertEquals(0, Lrh.sl(next, 0));
        assertEquals(Lrh.VL15, Lrh.vl(next, 0));
        assertEquals(2, next[SmpPackets.MAD_OFFSET + 6], "HopPointer 1 -> 2");
        assertEquals(2, next[SmpPackets.MAD_OFFSET + 192 + 1], "ReturnPath[1] is the ingress port");
        assertTrue(PacketCheck.isIcrcValid(next, 0, next.length), "ICRC computed anew");
    }

    @Test
    void leavesAFrameLongerThanAnSmpNeedsAndOtherClassesToDirectedRoute() {
        DrSmp smp = smp(false, 1, 3, PERMISSIVE_LID, new Random(2));
        smp.initialPath()[2] = 4;
        byte[] frame = SmpPackets.frame(PERMISSIVE_LID, PERMISSIVE_LID, smp.encode());
        assertEquals(4, IntermediateHop.egressPort(frame, PORTS));

        assertEquals(IntermediateHop.NONE, IntermediateHop.egressPort(Arrays.copyOf(frame, frame.length + 4), PORTS));
        byte[] lidRouted = frame.clone();
        lidRouted[SmpPackets.MAD_OFFSET + 1] = (byte) MgmtClass.SUBN_LID_ROUTED.code();
        assertEquals(IntermediateHop.NONE, IntermediateHop.egressPort(lidRouted, PORTS));
        assertEquals(IntermediateHop.NONE, IntermediateHop.egressPort(frame, 3), "InitialPath[2] above the port count");
    }

    /** A DR SMP with random paths (entries 0..PORTS + 1), data and M_Key. */
    private static DrSmp smp(boolean returning, int hp, int hc, int drLid, Random random) {
        MadHeader h = new MadHeader(
                1,
                MgmtClass.SUBN_DIRECTED_ROUTE,
                1,
                returning ? Method.GET_RESP : Method.GET,
                returning ? DrSmp.D_BIT : 0,
                (hp << 8) | hc,
                random.nextLong(),
                0x0015,
                random.nextInt(0x10000),
                random.nextInt());
        byte[] data = new byte[64];
        random.nextBytes(data);
        byte[] initial = new byte[64];
        byte[] back = new byte[64];
        for (int i = 1; i < 64; i++) {
            initial[i] = (byte) random.nextInt(PORTS + 2);
            back[i] = (byte) random.nextInt(PORTS + 2);
        }
        return new DrSmp(h, random.nextLong(), drLid, drLid, new byte[28], data, initial, back);
    }
}
