package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import org.junit.jupiter.api.Test;

/** Pacing measured with a hand-driven clock: a 1x SDR port sends exactly what 2 Gb/s allows, and no more. */
class PortPacingTest {
    /** Records what the port puts on the link. */
    private static final class Wire implements LinkConnection {
        int dataFrames;

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void send(LinkMessage message) {
            for (Frame f : message.getFramesList()) {
                dataFrames += f.getKind() == Frame.Kind.DATA ? 1 : 0;
            }
        }

        @Override
        public void close() {}

        @Override
        public String peer() {
            return "wire";
        }
    }

    @Test
    void sendsExactlyWhatTheRateAllows() {
        ManualScheduler clock = new ManualScheduler();
        PortConfig sdr1x = new PortConfig(
                1,
                1,
                1,
                1,
                1,
                0,
                0,
                4,
                Mtu.MTU_4096,
                PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL,
                PortConfig.DEFAULT_VL15_BUFFER_PACKETS,
                PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL);
        Port port = new Port(
                0xA1,
                sdr1x,
                new PortEvents() {
                    @Override
                    public void onPacket(Port p, byte[] frame) {}

                    @Override
                    public void onStateChange(Port p) {}
                },
                Runnable::run,
                clock);
        Wire wire = new Wire();
        assertTrue(port.onConnected(wire));
        port.onMessage(LinkMessage.newBuilder()
                .setPhy(PhyState.newBuilder()
                        .setNodeGuid(0xB1)
                        .setPortNum(1)
                        .setLinkWidthSupported(1)
                        .setLinkWidthEnabled(1)
                        .setLinkSpeedSupported(1)
                        .setLinkSpeedEnabled(1)
                        .setLinkUp(true))
                .build());
        assertEquals(PortInfo.PORT_STATE_INIT, port.portState());
        // The peer's receiver grants 2048 blocks on VL0.
        port.onMessage(LinkMessage.newBuilder()
                .addFrames(Frame.newBuilder()
                        .setKind(Frame.Kind.LINK)
                        .setBytes(ByteString.copyFrom(FlowControlPacket.of(FlowControlPacket.OP_INIT, 0, 0, 2048)
                                .encode())))
                .build());
        assertTrue(port.arm() && port.activate());
        port.pacing(true);

        byte[] frame = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                .payload(new byte[262])
                .build();
        assertEquals(290, frame.length);
        for (int i = 0; i < 300; i++) {
            assertTrue(port.transmit(frame));
        }
        // At time 0 only the burst goes: 16384 bytes, the last packet starting while the bucket is not empty.
        int burst = (Pacer.BURST_BYTES + frame.length - 1) / frame.length;
        assertEquals(burst, wire.dataFrames);
        // 2 Gb/s is 250 bytes per microsecond: 40 us later, 10000 bytes more may have left.
        clock.advance(40_000);
        int expected =
                burst + (int) Math.ceil((40 * 250.0 - (burst * frame.length - Pacer.BURST_BYTES)) / frame.length);
        assertTrue(
                Math.abs(wire.dataFrames - expected) <= 1, "sent " + wire.dataFrames + ", expected about " + expected);
        int before = wire.dataFrames;
        clock.advance(0);
        assertEquals(before, wire.dataFrames, "nothing more without time passing");
    }
}
