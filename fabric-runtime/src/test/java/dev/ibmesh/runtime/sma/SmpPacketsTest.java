package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import org.junit.jupiter.api.Test;

/** The SMP frames an SMA or a directed-route hop sends are the ones PacketBuilder builds (IBA 13.5.3, 7.8). */
class SmpPacketsTest {
    private static final Mad MAD = DrSmp.outbound(
                    Method.GET, 0x1234_5678_9ABCL, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[64], 1, 3, 5)
            .encode();

    @Test
    void directedRouteHopIsThePacketBuilderFrame() {
        assertArrayEquals(
                built(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, 0),
                SmpPackets.frame(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, MAD));
    }

    @Test
    void lidRoutedTrapOnItsSlIsThePacketBuilderFrame() {
        byte[] frame = SmpPackets.frame(0x12, 0x34, 5, MAD);
        assertArrayEquals(built(0x12, 0x34, 5), frame);
        assertTrue(SmpPackets.isSmp(frame));
        assertEquals(MAD, SmpPackets.mad(frame));
    }

    private static byte[] built(int dlid, int slid, int sl) {
        return PacketBuilder.iba(
                        Lrh.of(Lrh.VL15, sl, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0))
                .headers(new Deth(0, 0))
                .payload(MAD.toBytes())
                .build();
    }
}
