package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.FlowControlPacket;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two ports, A and B, joined by a link; flow-control packets are handed over by hand. */
class LinkFlowControlTest {
    private final LinkFlowControl a = new LinkFlowControl(2, 20, 4);
    private final LinkFlowControl b = new LinkFlowControl(2, 20, 4);

    @BeforeEach
    void linkUp() {
        a.reset();
        b.reset();
        deliver(packets(b, FlowControlPacket.OP_INIT), a);
        deliver(packets(a, FlowControlPacket.OP_INIT), b);
    }

    /** What a port sends for every operational VL, Op {@code op}. */
    private static List<FlowControlPacket> packets(LinkFlowControl from, int op) {
        return IntStream.range(0, from.operationalVls())
                .mapToObj(vl -> from.packet(op, vl))
                .toList();
    }

    private static void deliver(List<FlowControlPacket> packets, LinkFlowControl to) {
        for (FlowControlPacket p : packets) {
            assertTrue(to.onFlowControl(p));
        }
    }

    /** A sends one packet of {@code blocks} on {@code vl} to B if its credits allow. */
    private boolean send(int vl, int blocks) {
        if (!a.canSend(vl, blocks)) {
            return false;
        }
        a.onSent(vl, blocks);
        return b.onReceived(vl, blocks);
    }

    @Test
    void initPacketsCoverEveryOperationalVl() {
        List<FlowControlPacket> init = packets(b, FlowControlPacket.OP_INIT);
        assertEquals(2, init.size());
        for (int vl = 0; vl < 2; vl++) {
            FlowControlPacket p = init.get(vl);
            assertEquals(FlowControlPacket.OP_INIT, p.op());
            assertEquals(vl, p.vl());
            assertEquals(0, p.fctbs());
            assertEquals(20, p.fccl());
            assertTrue(FlowControlPacket.isLpcrcValid(p.encode(), 0));
        }
        assertEquals(
                FlowControlPacket.OP_NORMAL,
                b.packet(FlowControlPacket.OP_NORMAL, 0).op());
    }

    @Test
    void senderStallsAtTheReceiversBufferAndResumesAfterAnUpdate() {
        for (int i = 0; i < 4; i++) {
            assertTrue(send(0, 5));
        }
        assertFalse(send(0, 5), "B's 20 blocks are full");
        assertFalse(send(0, 1));
        assertTrue(send(1, 5), "VL1 has its own credits");

        b.rx(0).release(5);
        assertTrue(b.updateDue(0));
        assertTrue(a.onFlowControl(b.packet(FlowControlPacket.OP_NORMAL, 0)));
        assertFalse(b.updateDue(0));
        assertTrue(send(0, 5));
        assertFalse(send(0, 1));
    }

    @Test
    void vl15IsNotFlowControlled() {
        assertTrue(a.canSend(15, 66));
        a.onSent(15, 66);
        assertTrue(b.onReceived(15, 66));
        assertEquals(0, a.tx(0).fctbs());
        assertEquals(0, b.rx(0).abr());
    }

    @Test
    void nonOperationalVlsHaveNoCredit() {
        assertFalse(a.canSend(2, 1));
        assertFalse(b.updateDue(2));
        assertFalse(a.onFlowControl(FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 0, 2, 100)));
        assertFalse(a.onFlowControl(FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 0, 15, 100)));
    }

    @Test
    void aReservedOpChangesNothing() {
        byte[] frame = FlowControlPacket.of(2, 7, 0, 999).encode();
        assertFalse(a.onFlowControl(frame, 0));
        assertEquals(20, a.tx(0).fccl());
        assertEquals(0, a.rx(0).abr());
    }

    @Test
    void theInPlaceReaderMatchesTheRecord() {
        byte[] frame = new byte[10];
        FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 4095, 1, 4000).encode(frame, 3);
        assertTrue(a.onFlowControl(frame, 3));
        assertEquals(4000, a.tx(1).fccl());
        assertEquals(4095, a.rx(1).abr());
    }

    @Test
    void overrunsFromAnExerciserAreResynchronisedByFctbs() {
        a.tx(0).ignoreCredits(true);
        int dropped = 0;
        for (int i = 0; i < 6; i++) {
            if (!send(0, 5)) {
                dropped++;
            }
        }
        assertEquals(2, dropped, "B buffers 20 blocks and drops the rest");
        assertEquals(20, b.rx(0).abr(), "dropped packets do not count in ABR");
        assertEquals(30, a.tx(0).fctbs());

        // A's next flow-control packet carries FCTBS 30: B's ABR takes it, so the 10 dropped blocks are accounted.
        assertTrue(b.onFlowControl(a.packet(FlowControlPacket.OP_NORMAL, 0)));
        assertEquals(30, b.rx(0).abr());
        b.rx(0).release(20);
        a.tx(0).ignoreCredits(false);
        assertTrue(a.onFlowControl(b.packet(FlowControlPacket.OP_NORMAL, 0)));
        assertEquals(20, a.tx(0).available());
    }

    @Test
    void resetDropsAllCredit() {
        a.reset();
        assertFalse(a.canSend(0, 1));
        assertEquals(0, a.tx(0).fctbs());
    }
}
