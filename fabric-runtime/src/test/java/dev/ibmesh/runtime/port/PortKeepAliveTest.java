package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import org.junit.jupiter.api.Test;

/**
 * An idle link costs nothing: flow-control packets go out when credit moves and as a keep-alive that comes
 * {@link Port#KEEP_ALIVE_NANOS} after data and backs off to {@link Port#KEEP_ALIVE_MAX_NANOS} while the link is idle.
 */
class PortKeepAliveTest {
    private static final long MS = 1_000_000L;

    /** Delivers and frees every packet at once, as a device that consumes it does. */
    static final PortEvents CONSUMER = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(Lrh.vl(frame, 0), frame.length);
        }

        @Override
        public void onStateChange(Port port) {}
    };

    @Test
    void anIdleLinkBacksOffToTheLongestPeriod() {
        PortHarness h = new PortHarness(CONSUMER).linkUp();
        int afterInit = linkPackets(h);
        assertTrue(afterInit > 0, "the init packets went out at link up");

        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS - 1);
        assertEquals(afterInit, linkPackets(h), "nothing before the first keep-alive");
        h.clock.advance(1);
        int vls = h.port.flowControl().operationalVls();
        int first = linkPackets(h);
        assertEquals(afterInit + vls, first, "one flow-control packet per operational VL at 100 ms");

        // Idle: 200, 400, 800 ms ... after each other keep-alive, never more often.
        h.clock.advance(2 * FlowControlKeepAlive.KEEP_ALIVE_NANOS - 1);
        assertEquals(first, linkPackets(h), "the idle period doubled");
        h.clock.advance(1);
        assertEquals(first + vls, linkPackets(h));

        // A minute idle costs a handful of packets, not thousands (the old 10 ms refresh sent 6000).
        int before = linkPackets(h);
        h.clock.advance(60_000 * MS);
        int inAMinute = linkPackets(h) - before;
        assertTrue(
                inAMinute <= vls * (60_000 * MS / FlowControlKeepAlive.KEEP_ALIVE_MAX_NANOS + 6),
                inAMinute + " flow-control packets in an idle minute");
        assertEquals(1, h.clock.pending(), "only the keep-alive is armed");
        assertTrue(
                h.clock.nextDue() - h.clock.nanoTime() <= FlowControlKeepAlive.KEEP_ALIVE_MAX_NANOS,
                "never rarer than the longest");
    }

    @Test
    void dataBringsTheKeepAliveBackToItsShortPeriod() {
        PortHarness h = new PortHarness(CONSUMER).active();
        h.clock.advance(60_000 * MS); // long idle: the period is at its longest
        int before = linkPackets(h);
        h.receive(PortHarness.send(0, 0, 64));
        int afterData = linkPackets(h);
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS);
        assertTrue(
                linkPackets(h) > afterData,
                "a keep-alive within 100 ms of data (" + before + " -> " + afterData + " -> " + linkPackets(h) + ")");
    }

    @Test
    void smpsLeaveTheIdleKeepAliveAlone() {
        PortHarness h = new PortHarness(CONSUMER).active();
        h.clock.advance(60_000 * MS); // long idle: the period is at its longest
        long due = h.clock.nextDue();
        int before = linkPackets(h);
        long dataBefore = h.dataSent();
        for (int i = 0; i < 10; i++) {
            h.receive(PortHarness.smp(i));
            assertTrue(h.port.transmit(PortHarness.smp(i)), "the SMP answer goes out");
        }
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS);

        assertEquals(dataBefore + 10, h.dataSent(), "the answers left");
        assertEquals(before, linkPackets(h), "VL15 moves no credit, so there is no update to repair");
        assertEquals(due, h.clock.nextDue(), "the keep-alive still waits for its long period");
        h.clock.advance(due - h.clock.nanoTime());
        assertEquals(
                FlowControlKeepAlive.KEEP_ALIVE_MAX_NANOS,
                h.clock.nextDue() - h.clock.nanoTime(),
                "the SMPs it sent did not count as data either");
    }

    @Test
    void creditFreedByTheDeviceIsAdvertisedAtOnce() {
        PortHarness h = new PortHarness(CONSUMER).active();
        int before = linkPackets(h);
        // The peer sends more than the update threshold's worth (an eighth of the buffer): the freed credit goes
        // back without any timer.
        int blocks = 0;
        for (int i = 0; blocks <= PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / 8; i++) {
            byte[] packet = PortHarness.send(0, i, 256);
            blocks += Blocks.ofFrame(packet.length);
            h.receive(packet);
        }
        assertTrue(linkPackets(h) > before, "updates went out with no time passing");
        FlowControlPacket last = FlowControlPacket.decode(lastLink(h).getBytes().toByteArray(), 0);
        assertEquals(0, last.vl());
    }

    private static int linkPackets(PortHarness h) {
        return (int) h.sent.stream().filter(f -> f.getKind() == Frame.Kind.LINK).count();
    }

    private static Frame lastLink(PortHarness h) {
        Frame last = null;
        for (Frame f : h.sent) {
            if (f.getKind() == Frame.Kind.LINK) {
                last = f;
            }
        }
        return last;
    }
}
