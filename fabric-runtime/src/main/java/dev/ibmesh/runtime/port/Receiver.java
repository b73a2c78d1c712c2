package dev.ibmesh.runtime.port;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;

/**
 * A port's receive path: the checks a frame passes before the device sees it (link and port state, EBP, the
 * {@link ReceiveCheck}s, the VL's receive buffer), the flow-control packets from the peer, and the receive buffers
 * the device frees again ({@link #release}), whose credit goes back to the peer at once. A VL15 buffer holds
 * {@link PortConfig#vl15BufferPackets} SMPs; data VLs are flow controlled (IBA 7.9).
 *
 * <p>Threading: event loop only.
 */
final class Receiver {
    private final Port port;
    private final PortEvents events;
    private final PortConfig config;
    private final PhysicalLink physical;
    private final LogicalLink logical;
    private final ReceivePolicy policy;
    private final LinkFlowControl flowControl;
    private final PortCounterSet counters;
    private final PortDrops drops;
    private final PortTap tap;
    private final FlowControlKeepAlive keepAlive;
    private final Transmitter transmitter;
    private int vl15Held;
    /** The VL of the packet the device is handling now (-1: none), and whether it released one of that VL since. */
    private int deliveringVl = -1;

    private boolean deliveryReleased;

    Receiver(
            Port port,
            PortEvents events,
            PhysicalLink physical,
            LogicalLink logical,
            ReceivePolicy policy,
            LinkFlowControl flowControl,
            PortDrops drops,
            PortTap tap,
            FlowControlKeepAlive keepAlive,
            Transmitter transmitter) {
        this.port = port;
        this.events = events;
        this.config = port.config();
        this.physical = physical;
        this.logical = logical;
        this.policy = policy;
        this.flowControl = flowControl;
        this.counters = port.counters();
        this.drops = drops;
        this.tap = tap;
        this.keepAlive = keepAlive;
        this.transmitter = transmitter;
    }

    /**
     * @param sealed the sender sealed this frame in this JVM: its VCRC is known to be right ({@link
     *     Port#transmitSealed})
     */
    void receive(Frame frame, boolean sealed) {
        byte[] bytes = frame.getBytes().toByteArray();
        tap.received(frame.getKind(), bytes);
        switch (frame.getKind()) {
            case LINK -> receiveLinkPacket(bytes);
            case DATA -> receiveDataPacket(bytes, frame.getEndBad(), sealed);
            default -> drops.drop(DropReason.SYMBOL_ERROR);
        }
    }

    /** Every frame of one link message went through {@link #receive}: the device hears of it. */
    void framesDelivered() {
        events.onFramesDelivered(port);
    }

    /** See {@link Port#release}. */
    void release(int vl, int frameBytes) {
        if (vl == deliveringVl) {
            deliveryReleased = true;
        }
        if (vl == Lrh.VL15) {
            vl15Held = Math.max(0, vl15Held - 1);
            return;
        }
        flowControl.rx(vl).release(Blocks.ofFrame(frameBytes));
        if (flowControl.updateDue(vl)) {
            transmitter.sendFlowControlNow(vl);
        }
    }

    /** The link went down: the SMPs the device holds no longer count against the VL15 buffer. */
    void linkDown() {
        vl15Held = 0;
    }

    private void receiveLinkPacket(byte[] b) {
        if (!physical.up()) {
            drops.drop(DropReason.LINK_NOT_UP);
            return;
        }
        if (b.length != FlowControlPacket.SIZE
                || !FlowControlPacket.isLpcrcValid(b, 0)
                || !flowControl.onFlowControl(b, 0)) {
            if (policy.departs(ReceiveDeparture.UNCOUNTED_LINK_PACKET_ERRORS)) {
                drops.dropUncounted(DropReason.MALFORMED_LINK_PACKET);
            } else {
                drops.drop(DropReason.MALFORMED_LINK_PACKET);
            }
            return;
        }
        int vl = FlowControlPacket.vl(b, 0);
        if (flowControl.updateDue(vl)) {
            // The peer's FCTBS moved our ABR past packets we never received (lost or corrupted on the cable): the
            // credit they held is free, and the peer may be waiting for it. Said at once, not at our keep-alive.
            transmitter.oweFlowControl(FlowControlPacket.OP_NORMAL, vl);
        }
        transmitter.publishCredits();
        transmitter.scheduleDrain();
    }

    private void receiveDataPacket(byte[] b, boolean endBad, boolean sealed) {
        if (!physical.up()) {
            drops.drop(DropReason.LINK_NOT_UP);
            return;
        }
        if (b.length == 0) {
            drops.drop(DropReason.SYMBOL_ERROR);
            return;
        }
        if (endBad && !policy.departs(ReceiveDeparture.ACCEPT_EBP)) {
            drops.drop(DropReason.REMOTE_PHYSICAL_ERROR);
            return;
        }
        DropReason reason = ReceiveCheck.check(b, 0, b.length, policy, sealed);
        if (reason != DropReason.NONE) {
            drops.drop(reason);
            return;
        }
        int vl = Lrh.vl(b, 0);
        if (vl != Lrh.VL15 && !logical.receivesData()) {
            drops.drop(DropReason.PORT_NOT_ACTIVE);
            return;
        }
        if (vl == Lrh.VL15
                && !logical.active()
                && Lrh.dlid(b, 0) != Lrh.PERMISSIVE_LID
                && policy.departs(ReceiveDeparture.LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE)) {
            drops.drop(DropReason.PORT_NOT_ACTIVE);
            return;
        }
        if (vl == Lrh.VL15) {
            if (vl15Held >= config.vl15BufferPackets()) {
                drops.drop(DropReason.VL15_BUFFER_FULL);
                return;
            }
            vl15Held++;
        } else if (!flowControl.onReceived(vl, Blocks.ofFrame(b.length))) {
            drops.drop(DropReason.BUFFER_OVERRUN);
            return;
        } else {
            // Only a data VL's packet moves credit, so only it can leave an update to repair: VL15 is not flow
            // controlled (IBA 7.9), and an SM's sweep, all VL15, keeps its links on the idle keep-alive.
            keepAlive.carriedData();
        }
        counters.received(b.length, Lrh.isMulticast(Lrh.dlid(b, 0)));
        deliver(vl, b);
    }

    /**
     * Hands an accepted packet to the device. If the device throws, the packet's buffer (its credit, or its VL15
     * slot) is freed here, unless the device released a buffer of that VL before failing (taken to be this
     * packet's); the exception then goes on to the frame's boundary in {@link Port#onMessage}, which counts it.
     */
    private void deliver(int vl, byte[] frame) {
        deliveringVl = vl;
        deliveryReleased = false;
        try {
            events.onPacket(port, frame);
        } catch (RuntimeException e) {
            if (!deliveryReleased) {
                release(vl, frame.length);
            }
            throw e;
        } finally {
            deliveringVl = -1;
        }
    }
}
