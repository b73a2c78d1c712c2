package dev.ibmesh.runtime.port;

import com.google.protobuf.ByteString;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@link Port} on a hand-driven clock, linked to a test that plays its peer: the test hands it link messages as
 * the peer's end of the stream would, and reads what it put on the wire. Everything runs on the test's thread, which
 * stands for the device's event loop (the port defers its transmit work to the same thread).
 */
final class PortHarness {
    static final int LID = 2;
    static final int PEER_LID = 1;

    final ManualScheduler clock = new ManualScheduler();
    final Port port;
    /** Frames the port put on the wire, in order. */
    final List<Frame> sent = new ArrayList<>();
    /** Whether each frame of {@link #sent} went out sealed ({@link LinkConnection#send(LinkMessage, long)}). */
    final List<Boolean> sentSealed = new ArrayList<>();
    /** What the stream answers to isReady (gRPC's flow-control hint); a test sets it false to stand for a full one. */
    boolean streamReady = true;
    /**
     * When set, work the port defers to its event loop waits in {@link #loopQueue} (a loop busy with other tasks)
     * instead of running at once.
     */
    boolean loopBusy;

    final List<Runnable> loopQueue = new ArrayList<>();

    private final Wire wire = new Wire();

    PortHarness(PortEvents events) {
        this(PortConfig.defaults(1), events);
    }

    PortHarness(PortConfig config, PortEvents events) {
        port = new Port(0xA1, config, events, this::onLoop, clock);
    }

    private void onLoop(Runnable task) {
        if (loopBusy) {
            loopQueue.add(task);
        } else {
            task.run();
        }
    }

    /** Connects the stream (the port is then training). */
    PortHarness connect() {
        if (!port.onConnected(wire)) {
            throw new IllegalStateException("the port refused the link");
        }
        return this;
    }

    /** Connects, trains (LinkUp, Init) and takes the peer's credit for every operational VL. */
    PortHarness linkUp() {
        connect();
        port.onMessage(LinkMessage.newBuilder()
                .setPhy(PhyState.newBuilder()
                        .setNodeGuid(0xB1)
                        .setPortNum(1)
                        .setLinkWidthSupported(3)
                        .setLinkWidthEnabled(3)
                        .setLinkSpeedSupported(7)
                        .setLinkSpeedEnabled(7)
                        .setLinkUp(true))
                .build());
        for (int vl = 0; vl < port.flowControl().operationalVls(); vl++) {
            receiveLink(
                    FlowControlPacket.of(FlowControlPacket.OP_INIT, 0, vl, 2048).encode());
        }
        port.receivePolicy().lid(LID, 0);
        return this;
    }

    /** Links up, then Armed and Active as the SMA would make it. */
    PortHarness active() {
        linkUp();
        if (!(port.arm() && port.activate()) || port.portState() != PortInfo.PORT_STATE_ACTIVE) {
            throw new IllegalStateException("the port did not become Active");
        }
        return this;
    }

    /** The peer sends one data packet. */
    void receive(byte[] frame) {
        receive(Frame.Kind.DATA, frame, false);
    }

    /** The peer sends one link (flow-control) packet. */
    void receiveLink(byte[] packet) {
        receive(Frame.Kind.LINK, packet, false);
    }

    void receive(Frame.Kind kind, byte[] bytes, boolean endBad) {
        port.onMessage(message(kind, bytes, endBad));
    }

    /** The peer, in this JVM, sends one data packet it sealed ({@link Port#transmitSealed}). */
    void receiveSealed(byte[] frame) {
        port.onMessage(message(Frame.Kind.DATA, frame, false), 1);
    }

    private static LinkMessage message(Frame.Kind kind, byte[] bytes, boolean endBad) {
        return LinkMessage.newBuilder()
                .addFrames(Frame.newBuilder()
                        .setKind(kind)
                        .setBytes(ByteString.copyFrom(bytes))
                        .setEndBad(endBad))
                .build();
    }

    /** Data packets the port sent. */
    long dataSent() {
        return sent.stream().filter(f -> f.getKind() == Frame.Kind.DATA).count();
    }

    /** An RC SEND Only from the peer to this port on VL {@code vl}, {@code payload} bytes. */
    static byte[] send(int vl, int psn, int payload) {
        return PacketBuilder.iba(
                        Lrh.of(vl, 0, Lrh.LNH_IBA_LOCAL, LID, PEER_LID),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, psn))
                .payload(new byte[payload])
                .build();
    }

    /** A LID-routed SMP from the peer on VL15, to QP0. */
    static byte[] smp(int psn) {
        return PacketBuilder.iba(
                        Lrh.of(Lrh.VL15, 0, Lrh.LNH_IBA_LOCAL, LID, PEER_LID),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, psn))
                .headers(new Deth(0, 0))
                .payload(new byte[256])
                .build();
    }

    /** The peer's end of the stream: ready as {@link #streamReady} says, records what the port sends. */
    private final class Wire implements LinkConnection {
        @Override
        public boolean isReady() {
            return streamReady;
        }

        @Override
        public void send(LinkMessage message) {
            send(message, 0);
        }

        @Override
        public void send(LinkMessage message, long sealed) {
            for (int i = 0; i < message.getFramesCount(); i++) {
                sent.add(message.getFrames(i));
                sentSealed.add((sealed >>> i & 1) != 0);
            }
        }

        @Override
        public void close() {
            port.onDisconnected(Status.OK);
        }

        @Override
        public String peer() {
            return "peer";
        }
    }
}
