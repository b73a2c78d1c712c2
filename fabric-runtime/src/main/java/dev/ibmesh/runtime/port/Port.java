package dev.ibmesh.runtime.port;

import com.google.protobuf.UnsafeByteOperations;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.counters.SingleWriterCounters;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.link.VlArbiter;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import dev.ibmesh.runtime.transport.LinkHandler;
import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import io.grpc.Status;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * One physical port: where a device meets the fabric. It owns the port's link (a virtual link stream), its
 * physical and logical state, link-level flow control per VL, VL arbitration of its transmit queues, the receive
 * checks and the PMA counters.
 *
 * <p>States (IBA 7.2, PortInfo.PortPhysicalState / PortState): with no peer the port is Polling/Down; a stream
 * brings it to PortConfigurationTraining while the two ends exchange their {@link PhyState}; if they share a width
 * and speed it is LinkUp and its PortState becomes Init, and both ends send flow-control init packets for their
 * operational VLs. The SMA then moves it to Armed and Active. In Init only SMPs (VL15) pass in either direction;
 * Armed receives data packets but sends only SMPs; Active does everything (IBA 7.2.4). A broken stream takes the
 * port back to Polling/Down and counts LinkDownedCounter. Disabled ports refuse links.
 *
 * <p>Threading: every method runs on the owning device's event loop (the gRPC callbacks are delivered there), so no
 * state here is locked. {@code loop} is that event loop, used to defer transmit work to the end of the current turn
 * so that frames queued together leave in one link message. The exceptions are what the metrics scrape reads from
 * its own thread, each marked "any thread": the loop publishes those values (volatile fields for the states that
 * seldom change, release stores of {@link SingleWriterCounters} for the counters), so the scrape sees them without
 * a lock and the loop pays no more than an ordered store.
 *
 * <p>Fault boundary: an exception from the device ({@link PortEvents}) never escapes to the link. A packet whose
 * handling threw is dropped as {@link DropReason#INTERNAL_ERROR} and its receive buffer freed if the device had not
 * freed it, so the VL keeps its credit; the exception goes to the {@link FaultLog}.
 */
public final class Port implements LinkHandler {
    /** Frames (data and link packets) batched into one link message at most. */
    static final int MAX_BATCH_FRAMES = 64;
    /**
     * The flow-control keep-alive (IBA 7.9.4 asks for flow-control packets at least once per update period): a port
     * re-sends its whole flow-control state this long after it carried data, so a lost or corrupted update is repaired
     * within this time. See {@link #keepAlive()}.
     */
    static final long KEEP_ALIVE_NANOS = 100_000_000L;
    /** The longest keep-alive period: a link idle since its last update refreshes at most this rarely. */
    static final long KEEP_ALIVE_MAX_NANOS = 10_000_000_000L;
    /** How long after a retrain request the link goes down. */
    static final long RETRAIN_DELAY_NANOS = 1_000_000L;

    private final PortConfig config;
    private final PortEvents events;
    private final Executor loop;
    private final Scheduler scheduler;
    private final PortCounterSet counters = new PortCounterSet();
    private final ReceivePolicy policy;
    private final LinkFlowControl flowControl;
    private final VlArbiter arbiter;
    private final VlQueues queues;
    private final SingleWriterCounters drops = new SingleWriterCounters(DropReason.values().length);
    /** The transmit credit of each data VL, published for the metrics after every change. */
    private final SingleWriterCounters txCreditBlocks = new SingleWriterCounters(LinkFlowControl.DATA_VLS);
    /** The flow-control packet waiting to go out per VL: a newer one replaces an older, so this never grows. */
    private final FlowControlPacket[] pendingFlowControl = new FlowControlPacket[LinkFlowControl.DATA_VLS];

    private final Lanes lanes = new Lanes();
    /** What the cable does to what this port sends (nothing, unless the control API impairs the link). */
    private final LinkImpairment impairment = new LinkImpairment();

    private final DelayLine delayLine;
    private final FaultLog faults = FaultLog.shared();

    private volatile int physicalState = PortInfo.PHYS_STATE_POLLING;
    private volatile int portState = PortInfo.PORT_STATE_DOWN;
    private volatile TrainedLink training = TrainedLink.NONE;
    private LinkConnection link;
    private String peer;
    private String downReason = "no link yet";
    private int linkWidthEnabled;
    private int vl15Held;
    private long hoqLifetimeNanos = Long.MAX_VALUE;
    private boolean pacing;
    private Pacer pacer;
    private Scheduler.Cancellable pacedDrain;
    private boolean drainScheduled;
    private Scheduler.Cancellable keepAliveTimer;
    /** Fires when the oldest head of a VL queue outlives HOQLife, while packets wait for credit. */
    private Scheduler.Cancellable headOfQueueTimer;
    /** The period {@link #keepAliveTimer} was armed with. */
    private long keepAlivePeriod;
    /** Whether a data packet was sent or received since the last keep-alive. */
    private boolean carriedData;

    private FrameTap tap;
    /** The VL of the packet the device is handling now (-1: none), and whether it released one of that VL since. */
    private int deliveringVl = -1;

    private boolean deliveryReleased;

    private final long nodeGuid;

    public Port(long nodeGuid, PortConfig config, PortEvents events, Executor loop, Scheduler scheduler) {
        this.nodeGuid = nodeGuid;
        this.config = config;
        this.events = events;
        this.loop = loop;
        this.scheduler = scheduler;
        this.linkWidthEnabled = config.linkWidthEnabled();
        this.policy = new ReceivePolicy().mtuCap(config.mtuCap()).operationalVlsCode(config.vlCap());
        this.flowControl = new LinkFlowControl(
                config.dataVls(), config.bufferBlocksPerVl(), Math.max(1, config.bufferBlocksPerVl() / 8));
        this.arbiter = new VlArbiter(64, 64, config.dataVls());
        this.queues = new VlQueues(config.queuePacketsPerVl());
        this.delayLine = new DelayLine(scheduler);
    }

    public int number() {
        return config.number();
    }

    public PortConfig config() {
        return config;
    }

    /** Any thread. */
    public int physicalState() {
        return physicalState;
    }

    /** Any thread. */
    public int portState() {
        return portState;
    }

    /** What the link trained to while it is up, {@link TrainedLink#NONE} otherwise. Any thread. */
    public TrainedLink training() {
        return training;
    }

    /** The peer ("node-guid/port") while a link stream is up, or null. */
    public String peer() {
        return peer;
    }

    /** Why the link last went down or did not train, for logs. */
    public String downReason() {
        return downReason;
    }

    public PortCounterSet counters() {
        return counters;
    }

    public ReceivePolicy receivePolicy() {
        return policy;
    }

    public LinkFlowControl flowControl() {
        return flowControl;
    }

    public VlArbiter arbiter() {
        return arbiter;
    }

    /** Frames dropped on receive or transmit, by reason (for the drop metric). Any thread. */
    public long drops(DropReason reason) {
        return drops.get(reason.ordinal());
    }

    /** Packets waiting in the transmit queue of {@code vl}. Any thread. */
    public int queued(int vl) {
        return queues.depth(vl);
    }

    /**
     * The 64-byte blocks the peer's receiver has room for on data VL {@code vl} (0-14), 0 for a VL that is not
     * operational, as of the last change. Any thread.
     */
    public long txCreditBlocks(int vl) {
        return txCreditBlocks.get(vl);
    }

    /**
     * Impairs what this port sends from now on, as a faulty cable in this direction would ({@link LinkImpairment});
     * {@link LinkImpairment.Settings#NONE} heals it. The whole flow-control state is re-sent at once, so credit an
     * update lost on the cable had withheld comes back without waiting for the keep-alive.
     */
    public void impair(LinkImpairment.Settings settings) {
        impairment.set(settings);
        pacer = null;
        if (physicalState == PortInfo.PHYS_STATE_LINK_UP) {
            queueFlowControl(flowControl.updatePackets());
        }
        scheduleDrain();
    }

    /** How the cable impairs what this port sends. */
    public LinkImpairment.Settings impairment() {
        return impairment.settings();
    }

    /** Frames of one kind (data, or link packets) this port's cable impaired so, since the port started. Any thread. */
    public long impaired(LinkImpairment.Effect effect, boolean data) {
        return impairment.count(effect, data);
    }

    /** Captures every frame this port sends and receives, or stops capturing ({@code null}). */
    public void tap(FrameTap newTap) {
        this.tap = newTap;
    }

    /**
     * Sends data packets regardless of the peer's credits (a tester or exerciser that overruns a receiver on
     * purpose). Flow-control totals are still counted, as the IBTrainer does.
     */
    public void ignoreCredits(boolean ignore) {
        for (int vl = 0; vl < LinkFlowControl.DATA_VLS; vl++) {
            flowControl.tx(vl).ignoreCredits(ignore);
        }
        scheduleDrain();
    }

    /**
     * Queues a data packet (LRH through VCRC) for transmission on the VL its LRH names. The port takes the array
     * as it is (no copy): the caller must not change it afterwards. Returns false, counting
     * PortXmitDiscards, when the port cannot send it: the VL's queue is full, the VL is not operational, the link is
     * not up, or the port state allows only SMPs (Init, Armed) and this is not one.
     */
    public boolean transmit(byte[] frame) {
        int vl = frame.length >= Lrh.SIZE ? Lrh.vl(frame, 0) : -1;
        boolean allowed = vl == Lrh.VL15
                ? physicalState == PortInfo.PHYS_STATE_LINK_UP
                : portState == PortInfo.PORT_STATE_ACTIVE && vl >= 0 && vl < flowControl.operationalVls();
        if (!allowed || !queues.offer(vl, frame, scheduler.nanoTime())) {
            drop(DropReason.TRANSMIT_REFUSED);
            return false;
        }
        scheduleDrain();
        return true;
    }

    /**
     * Puts one frame on the link at once, as an exerciser does: no queue, no credits, no state or VL rules, no
     * counters, no impairment of the link. For testers that send malformed packets on purpose ({@code endBad} marks
     * it with EBP). Returns false
     * when there is no link stream. A stream that is momentarily not ready (gRPC's flow-control hint) holds the frame
     * in its buffer, in order, as an exerciser's transmit FIFO would: refusing it would make a burst fail at random.
     */
    public boolean inject(Frame.Kind kind, byte[] bytes, boolean endBad) {
        if (link == null) {
            return false;
        }
        if (tap != null) {
            tap.frame(
                    this, Direction.TX, kind == Frame.Kind.LINK ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND, bytes);
        }
        link.send(LinkMessage.newBuilder()
                .addFrames(Frame.newBuilder()
                        .setKind(kind)
                        .setBytes(UnsafeByteOperations.unsafeWrap(bytes))
                        .setEndBad(endBad))
                .build());
        return true;
    }

    /**
     * The device is done with a received data packet (delivered or forwarded): frees its receive buffer, so the
     * credit goes back to the peer with the next flow-control update.
     */
    public void release(int vl, int frameBytes) {
        if (vl == deliveringVl) {
            deliveryReleased = true;
        }
        if (vl == Lrh.VL15) {
            vl15Held = Math.max(0, vl15Held - 1);
            return;
        }
        flowControl.rx(vl).release(Blocks.ofFrame(frameBytes));
        if (flowControl.updateDue(vl)) {
            // Sent at once, not at the end of this turn: the peer's sender may be waiting for exactly this credit,
            // and the messages queued behind this one on the event loop would delay it by a whole window.
            FlowControlPacket update = flowControl.update(vl);
            if (link != null && link.isReady()) {
                LinkMessage.Builder m = LinkMessage.newBuilder();
                addFrame(m, Frame.Kind.LINK, update.encode());
                toWire(m);
            } else {
                pendingFlowControl[vl] = update;
                scheduleDrain();
            }
        }
    }

    /** The device discarded a data packet before queueing it: its SL maps to no data VL ({@link DropReason#UNMAPPED_SL}). */
    public void discardUnmappedSl() {
        drop(DropReason.UNMAPPED_SL);
    }

    /** PortInfo.LinkWidthEnabled as the SMA last set it; the link retrains with it on the next link up. */
    public void linkWidthEnabled(int widthEnabled) {
        this.linkWidthEnabled = widthEnabled;
    }

    public int linkWidthEnabled() {
        return linkWidthEnabled;
    }

    /**
     * PortInfo.OperationalVLs (code 1..5): the data VLs the receive check accepts, flow control credits and the
     * arbiter serves.
     */
    public void operationalVlsCode(int code) {
        policy.operationalVlsCode(code);
        flowControl.operationalVls(policy.operationalVls());
        arbiter.operationalVls(policy.operationalVls());
        publishCredits();
    }

    /**
     * Takes the link down and lets it train again (a Set of PortState Down, or of new enabled widths or speeds):
     * the stream closes, and the dialling end dials again. It happens a moment later, so that what this turn of the
     * event loop queued (the SMA's answer to the Set that asked for it) still leaves first.
     */
    public void retrain() {
        scheduler.schedule(RETRAIN_DELAY_NANOS, this::close);
    }

    /**
     * Paces data packets at the link's negotiated data rate (lanes x per-lane rate), as a real link would carry them;
     * off by default, so the emulation runs as fast as it can.
     */
    public void pacing(boolean on) {
        this.pacing = on;
        this.pacer = null;
        scheduleDrain();
    }

    /**
     * PortInfo.HOQLife: how long a packet may wait at the head of a VL queue before it is discarded (IBA 18.2.5.2):
     * 4.096 us x 2^code; codes of 20 and above mean no limit (what opensm writes to disable it).
     */
    public void hoqLife(int code) {
        if (code < 0 || code > 31) {
            throw new IllegalArgumentException("HOQLife must be 0..31, was " + code);
        }
        hoqLifetimeNanos = code >= 20 ? Long.MAX_VALUE : 4096L << code;
    }

    /** SMA: Init to Armed (IBA 7.2: only from Init). Returns false if the port is not in Init. */
    public boolean arm() {
        return changePortState(PortInfo.PORT_STATE_INIT, PortInfo.PORT_STATE_ARMED);
    }

    /** SMA: Armed to Active. Returns false if the port is not Armed. */
    public boolean activate() {
        return changePortState(PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE);
    }

    /** Disables the port (PortPhysicalState Disabled): the link goes down and stays down until {@link #enable()}. */
    public void disable() {
        if (physicalState != PortInfo.PHYS_STATE_DISABLED) {
            LinkConnection l = link;
            takeDown(PortInfo.PHYS_STATE_DISABLED, "port disabled");
            if (l != null) {
                l.close();
            }
        }
    }

    /** Ends the link stream, if any, as a device shutting down does: the port goes to Polling/Down. */
    public void close() {
        if (link != null) {
            link.close();
        }
    }

    /** Leaves Disabled for Polling: the next stream (or redial) trains the link. */
    public void enable() {
        if (physicalState == PortInfo.PHYS_STATE_DISABLED) {
            physicalState = PortInfo.PHYS_STATE_POLLING;
            stateChanged();
        }
    }

    // ---- LinkHandler: the virtual link ----

    @Override
    public boolean onConnected(LinkConnection connection) {
        if (link != null || physicalState == PortInfo.PHYS_STATE_DISABLED) {
            return false;
        }
        link = connection;
        peer = connection.peer();
        physicalState = PortInfo.PHYS_STATE_PORT_CONFIGURATION_TRAINING;
        link.send(LinkMessage.newBuilder().setPhy(localPhy()).build());
        stateChanged();
        return true;
    }

    @Override
    public void onMessage(LinkMessage message) {
        if (message.hasPhy()) {
            onPeerPhy(message.getPhy());
        }
        for (int i = 0; i < message.getFramesCount(); i++) {
            try {
                receive(message.getFrames(i));
            } catch (RuntimeException e) {
                // One frame's failure must not lose the frames after it in the message, nor reach the stream.
                drop(DropReason.INTERNAL_ERROR);
                faults.caught("Port.receive", e);
            }
        }
    }

    /** The data packets that were on the wire when this end pulled the cable arrive at a link that is down. */
    @Override
    public void onLateMessage(LinkMessage message) {
        for (Frame f : message.getFramesList()) {
            if (f.getKind() == Frame.Kind.DATA) {
                drop(DropReason.LINK_NOT_UP);
            }
        }
    }

    @Override
    public void onReady() {
        drain();
    }

    @Override
    public void onDisconnected(Status cause) {
        link = null;
        peer = null;
        if (physicalState != PortInfo.PHYS_STATE_DISABLED) {
            takeDown(PortInfo.PHYS_STATE_POLLING, describe(cause));
        }
    }

    // ---- receive ----

    private void onPeerPhy(PhyState remote) {
        if (!remote.getLinkUp()) {
            takeDown(PortInfo.PHYS_STATE_POLLING, "the peer took its end down");
            return;
        }
        TrainedLink result = LinkTraining.negotiate(localPhy(), remote);
        if (!result.trained()) {
            // No common width or speed: training fails and the port keeps polling.
            downReason = "no width or speed enabled at both ends";
            physicalState = PortInfo.PHYS_STATE_POLLING;
            stateChanged();
            return;
        }
        training = result;
        peer = String.format("0x%016x/%d", remote.getNodeGuid(), remote.getPortNum());
        physicalState = PortInfo.PHYS_STATE_LINK_UP;
        portState = PortInfo.PORT_STATE_INIT;
        flowControl.reset();
        publishCredits();
        queueFlowControl(flowControl.initPackets());
        armKeepAlive(KEEP_ALIVE_NANOS);
        stateChanged();
        scheduleDrain();
    }

    private void receive(Frame frame) {
        byte[] bytes = frame.getBytes().toByteArray();
        if (tap != null) {
            tap.frame(
                    this,
                    Direction.RX,
                    frame.getKind() == Frame.Kind.LINK ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND,
                    bytes);
        }
        switch (frame.getKind()) {
            case LINK -> receiveLinkPacket(bytes);
            case DATA -> receiveDataPacket(bytes, frame.getEndBad());
            default -> drop(DropReason.SYMBOL_ERROR);
        }
    }

    private void receiveLinkPacket(byte[] b) {
        if (physicalState != PortInfo.PHYS_STATE_LINK_UP) {
            drop(DropReason.LINK_NOT_UP);
            return;
        }
        if (b.length != FlowControlPacket.SIZE
                || !FlowControlPacket.isLpcrcValid(b, 0)
                || !flowControl.onFlowControl(b, 0)) {
            if (policy.departs(ReceiveDeparture.UNCOUNTED_LINK_PACKET_ERRORS)) {
                drops.increment(DropReason.MALFORMED_LINK_PACKET.ordinal());
            } else {
                drop(DropReason.MALFORMED_LINK_PACKET);
            }
            return;
        }
        int vl = FlowControlPacket.vl(b, 0);
        if (flowControl.updateDue(vl)) {
            // The peer's FCTBS moved our ABR past packets we never received (lost or corrupted on the cable): the
            // credit they held is free, and the peer may be waiting for it. Said at once, not at our keep-alive.
            pendingFlowControl[vl] = flowControl.update(vl);
        }
        publishCredits();
        scheduleDrain();
    }

    private void receiveDataPacket(byte[] b, boolean endBad) {
        if (physicalState != PortInfo.PHYS_STATE_LINK_UP) {
            drop(DropReason.LINK_NOT_UP);
            return;
        }
        if (b.length == 0) {
            drop(DropReason.SYMBOL_ERROR);
            return;
        }
        if (endBad && !policy.departs(ReceiveDeparture.ACCEPT_EBP)) {
            drop(DropReason.REMOTE_PHYSICAL_ERROR);
            return;
        }
        DropReason reason = ReceiveCheck.check(b, 0, b.length, policy);
        if (reason != DropReason.NONE) {
            drop(reason);
            return;
        }
        int vl = Lrh.vl(b, 0);
        if (vl != Lrh.VL15 && portState != PortInfo.PORT_STATE_ARMED && portState != PortInfo.PORT_STATE_ACTIVE) {
            drop(DropReason.PORT_NOT_ACTIVE);
            return;
        }
        if (vl == Lrh.VL15
                && portState != PortInfo.PORT_STATE_ACTIVE
                && Lrh.dlid(b, 0) != Lrh.PERMISSIVE_LID
                && policy.departs(ReceiveDeparture.LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE)) {
            drop(DropReason.PORT_NOT_ACTIVE);
            return;
        }
        if (vl == Lrh.VL15) {
            if (vl15Held >= config.vl15BufferPackets()) {
                drop(DropReason.VL15_BUFFER_FULL);
                return;
            }
            vl15Held++;
        } else if (!flowControl.onReceived(vl, Blocks.ofFrame(b.length))) {
            drop(DropReason.BUFFER_OVERRUN);
            return;
        }
        counters.received(b.length, Lrh.isMulticast(Lrh.dlid(b, 0)));
        carriedData();
        deliver(vl, b);
    }

    /**
     * Hands an accepted packet to the device. If the device throws, the packet's buffer (its credit, or its VL15
     * slot) is freed here, unless the device released a buffer of that VL before failing (taken to be this
     * packet's); the exception then goes on to the frame's boundary in {@link #onMessage}, which counts it.
     */
    private void deliver(int vl, byte[] frame) {
        deliveringVl = vl;
        deliveryReleased = false;
        try {
            events.onPacket(this, frame);
        } catch (RuntimeException e) {
            if (!deliveryReleased) {
                release(vl, frame.length);
            }
            throw e;
        } finally {
            deliveringVl = -1;
        }
    }

    private void drop(DropReason reason) {
        drops.increment(reason.ordinal());
        counters.dropped(reason);
    }

    private void publishCredits() {
        for (int vl = 0; vl < LinkFlowControl.DATA_VLS; vl++) {
            publishCredit(vl);
        }
    }

    private void publishCredit(int vl) {
        txCreditBlocks.set(
                vl, vl < flowControl.operationalVls() ? flowControl.tx(vl).available() : 0);
    }

    // ---- transmit ----

    private void scheduleDrain() {
        if (!drainScheduled) {
            drainScheduled = true;
            loop.execute(this::drain);
        }
    }

    /** Sends what credits and arbitration allow, in link messages of up to {@link #MAX_BATCH_FRAMES} frames. */
    private void drain() {
        drainScheduled = false;
        discardExpiredHeads();
        boolean paced = pacing || impairment.rateBitsPerSecond() > 0;
        while (link != null && link.isReady()) {
            LinkMessage.Builder batch = LinkMessage.newBuilder();
            int frames = 0;
            for (int vl = 0; vl < pendingFlowControl.length; vl++) {
                if (pendingFlowControl[vl] != null) {
                    addFrame(batch, Frame.Kind.LINK, pendingFlowControl[vl].encode());
                    pendingFlowControl[vl] = null;
                    frames++;
                }
            }
            while (frames < MAX_BATCH_FRAMES && physicalState == PortInfo.PHYS_STATE_LINK_UP) {
                if (paced && !paceNext()) {
                    break;
                }
                int vl = arbiter.select(lanes);
                if (vl == VlArbiter.NONE) {
                    break;
                }
                byte[] frame = queues.poll(vl);
                if (paced) {
                    pacer.charge(frame.length);
                }
                sent(vl, frame.length);
                counters.transmitted(frame.length, Lrh.isMulticast(Lrh.dlid(frame, 0)));
                carriedData = true;
                addFrame(batch, Frame.Kind.DATA, frame);
                frames++;
                if (flowControl.canSend(vl, Blocks.ofFrame(frame.length)) && impairment.duplicate()) {
                    // The copy takes credit too, so both ends' flow-control counts stay in step; without credit
                    // for it there is no copy, and none is counted.
                    sent(vl, frame.length);
                    onCable(batch, Frame.Kind.DATA, frame);
                }
            }
            if (frames == 0) {
                if (queues.nonEmpty() != 0) {
                    // Held back by credit: keep the keep-alive short until the credit comes.
                    carriedData();
                    armHeadOfQueueTimer();
                }
                return;
            }
            toWire(batch);
            transmitSpace();
        }
    }

    private void sent(int vl, int frameBytes) {
        flowControl.onSent(vl, Blocks.ofFrame(frameBytes));
        if (vl != Lrh.VL15) {
            publishCredit(vl);
        }
    }

    /** A frame this port sends: the capture sees it as sent, the peer as the cable delivers it. */
    private void addFrame(LinkMessage.Builder batch, Frame.Kind kind, byte[] bytes) {
        if (tap != null) {
            tap.frame(
                    this, Direction.TX, kind == Frame.Kind.LINK ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND, bytes);
        }
        onCable(batch, kind, bytes);
    }

    private void onCable(LinkMessage.Builder batch, Frame.Kind kind, byte[] bytes) {
        byte[] carried = impairment.carry(kind == Frame.Kind.DATA, bytes);
        if (carried != null) {
            // No copy: a frame handed to the port is the port's, and nothing writes to it again.
            batch.addFrames(Frame.newBuilder().setKind(kind).setBytes(UnsafeByteOperations.unsafeWrap(carried)));
        }
    }

    /** Sends what the cable still carries of a batch, after the cable's delay. */
    private void toWire(LinkMessage.Builder batch) {
        if (batch.getFramesCount() == 0) {
            return;
        }
        long delay = impairment.delayNanos();
        if (delay > 0) {
            for (int i = 0; i < batch.getFramesCount(); i++) {
                impairment.counted(
                        LinkImpairment.Effect.DELAYED, batch.getFrames(i).getKind() == Frame.Kind.DATA);
            }
        }
        delayLine.send(link, batch.build(), delay);
    }

    /**
     * With pacing or a rate limit on, whether the next packet may leave now; if not, a drain is scheduled for when
     * it may.
     */
    private boolean paceNext() {
        long now = scheduler.nanoTime();
        if (pacer == null) {
            double rate = impairment.rateBitsPerSecond();
            if (pacing) {
                double linkRate = training.bitsPerSecond();
                rate = rate > 0 ? Math.min(rate, linkRate) : linkRate;
            }
            pacer = new Pacer(rate, now);
        }
        if (pacer.mayStart(now)) {
            return true;
        }
        if (pacedDrain == null) {
            pacedDrain = scheduler.schedule(pacer.waitNanos(), () -> {
                pacedDrain = null;
                drain();
            });
        }
        return false;
    }

    /** Head-of-queue lifetime: a packet that could not leave in time is discarded, and the next one gets its turn. */
    private void discardExpiredHeads() {
        if (hoqLifetimeNanos == Long.MAX_VALUE) {
            return;
        }
        long now = scheduler.nanoTime();
        for (int mask = queues.nonEmpty(); mask != 0; mask &= mask - 1) {
            int vl = Integer.numberOfTrailingZeros(mask);
            while (queues.size(vl) > 0 && now - queues.headQueuedAt(vl) > hoqLifetimeNanos) {
                queues.poll(vl);
                drop(DropReason.HEAD_OF_QUEUE_LIFETIME);
            }
        }
    }

    /** While packets wait, a timer for when the oldest head outlives HOQLife (IBA 18.2.5.2), to discard it then. */
    private void armHeadOfQueueTimer() {
        if (hoqLifetimeNanos == Long.MAX_VALUE || headOfQueueTimer != null) {
            return;
        }
        long oldest = Long.MAX_VALUE;
        for (int mask = queues.nonEmpty(); mask != 0; mask &= mask - 1) {
            oldest = Math.min(oldest, queues.headQueuedAt(Integer.numberOfTrailingZeros(mask)));
        }
        long wait = oldest + hoqLifetimeNanos + 1 - scheduler.nanoTime();
        headOfQueueTimer = scheduler.schedule(Math.max(1, wait), () -> {
            headOfQueueTimer = null;
            drain();
        });
    }

    /** The arbiter's view of the queues: a VL is ready with a head packet that its credits cover. */
    private final class Lanes implements VlArbiter.Lanes {
        @Override
        public boolean ready(int vl) {
            byte[] head = queues.peek(vl);
            return head != null && flowControl.canSend(vl, Blocks.ofFrame(head.length));
        }

        @Override
        public int headBytes(int vl) {
            return queues.peek(vl).length;
        }

        @Override
        public int candidates() {
            return queues.nonEmpty();
        }
    }

    // ---- state ----

    private boolean changePortState(int from, int to) {
        if (portState != from) {
            return false;
        }
        portState = to;
        stateChanged();
        // Armed lets SMPs through and Active data packets: what the device was refused before may go now. Without
        // this a refused packet waited for the next batch the port happened to send (a keep-alive, seconds away).
        transmitSpace();
        scheduleDrain();
        return true;
    }

    /** Tells the device the port can take packets again; its failure to handle the news changes nothing here. */
    private void transmitSpace() {
        try {
            events.onTransmitSpace(this);
        } catch (RuntimeException e) {
            faults.caught("PortEvents.onTransmitSpace", e);
        }
    }

    private void takeDown(int newPhysicalState, String reason) {
        downReason = reason;
        boolean wasUp = physicalState == PortInfo.PHYS_STATE_LINK_UP;
        if (wasUp) {
            counters.increment(Counter.LINK_DOWNED_COUNTER);
        }
        for (int n = queues.clear(); n > 0; n--) {
            drop(DropReason.LINK_DOWN);
        }
        Arrays.fill(pendingFlowControl, null);
        delayLine.clear();
        vl15Held = 0;
        training = TrainedLink.NONE;
        pacer = null;
        physicalState = newPhysicalState;
        portState = PortInfo.PORT_STATE_DOWN;
        cancelKeepAlive();
        if (headOfQueueTimer != null) {
            headOfQueueTimer.cancel();
            headOfQueueTimer = null;
        }
        stateChanged();
    }

    /** Tells the device; its failure to handle the news changes nothing here (the state has changed). */
    private void stateChanged() {
        try {
            events.onStateChange(this);
        } catch (RuntimeException e) {
            faults.caught("PortEvents.onStateChange", e);
        }
    }

    /** How a link stream ended, in words: "closed by this end", "UNAVAILABLE: io exception", ... */
    private static String describe(Status cause) {
        String description = cause.getDescription();
        if (cause.isOk()) {
            return description != null ? description : "the stream ended";
        }
        return cause.getCode() + (description != null ? ": " + description : "");
    }

    private void queueFlowControl(List<FlowControlPacket> packets) {
        for (FlowControlPacket fc : packets) {
            pendingFlowControl[fc.vl()] = fc;
        }
    }

    /**
     * A data packet went out or came in (or waits for credit): the keep-alive comes within {@link #KEEP_ALIVE_NANOS},
     * re-armed only when it was further off, so a busy port touches its timer once per period at most.
     */
    private void carriedData() {
        carriedData = true;
        if (keepAliveTimer == null || keepAlivePeriod > KEEP_ALIVE_NANOS) {
            armKeepAlive(KEEP_ALIVE_NANOS);
        }
    }

    private void armKeepAlive(long period) {
        cancelKeepAlive();
        keepAlivePeriod = period;
        keepAliveTimer = scheduler.schedule(period, this::keepAlive);
    }

    private void cancelKeepAlive() {
        if (keepAliveTimer != null) {
            keepAliveTimer.cancel();
            keepAliveTimer = null;
        }
    }

    /**
     * How ibmesh honours the periodic flow-control update in its own time: credit that moves is advertised at once
     * ({@link #release}), so the periodic packets only repair updates lost or corrupted on the link. A port re-sends
     * its whole flow-control state (and ends an ExcessiveBufferOverrunErrors period) {@link #KEEP_ALIVE_NANOS} after
     * it carried data; while it carries none the period doubles up to
     * {@link #KEEP_ALIVE_MAX_NANOS}. An idle fabric therefore spends almost nothing on timers, and any lost update is
     * repaired within one period of the loss.
     */
    private void keepAlive() {
        keepAliveTimer = null;
        if (physicalState != PortInfo.PHYS_STATE_LINK_UP) {
            return;
        }
        counters.flowControlPeriodEnded();
        queueFlowControl(flowControl.updatePackets());
        scheduleDrain(); // the drain also discards heads past HOQLife
        boolean busy = carriedData || queues.nonEmpty() != 0;
        carriedData = false;
        armKeepAlive(busy ? KEEP_ALIVE_NANOS : Math.min(KEEP_ALIVE_MAX_NANOS, keepAlivePeriod * 2));
    }

    /** What this end tells the peer while training: its identity and what it supports and enables. */
    private PhyState localPhy() {
        return PhyState.newBuilder()
                .setNodeGuid(nodeGuid)
                .setPortNum(config.number())
                .setLinkWidthSupported(config.linkWidthSupported())
                .setLinkWidthEnabled(linkWidthEnabled)
                .setLinkSpeedSupported(config.linkSpeedSupported())
                .setLinkSpeedEnabled(config.linkSpeedEnabled())
                .setLinkSpeedExtSupported(config.linkSpeedExtSupported())
                .setLinkSpeedExtEnabled(config.linkSpeedExtEnabled())
                .setLinkUp(true)
                .build();
    }
}
