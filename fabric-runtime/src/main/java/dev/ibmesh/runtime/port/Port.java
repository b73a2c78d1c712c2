package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.counters.SingleWriterCounters;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.link.VlArbiter;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import dev.ibmesh.runtime.transport.LinkHandler;
import io.grpc.Status;
import java.util.concurrent.Executor;

/**
 * One physical port: where a device meets the fabric. It is the device's handle on the port and the link stream's
 * {@link LinkHandler}; it wires together the parts that each own one concern and hands each call to its owner: the
 * {@link PhysicalLink} (physical state, training, the {@link TrainedLink}), the {@link LogicalLink} (PortState), the
 * {@link PortStateMachine} (what a change of either does to the rest), the {@link Transmitter} (queues, credits, VL
 * arbitration, the cable), the {@link Receiver} (receive checks, receive buffers), the {@link FlowControlKeepAlive},
 * the PMA counters and {@link PortDrops}, and the capture {@link PortTap}.
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
    /** How long after a retrain request the link goes down. */
    static final long RETRAIN_DELAY_NANOS = 1_000_000L;

    private final PortConfig config;
    private final Scheduler scheduler;
    private final PortCounterSet counters = new PortCounterSet();
    private final PortDrops drops = new PortDrops(counters);
    private final PortTap tap = new PortTap(this);
    private final ReceivePolicy policy;
    private final LinkFlowControl flowControl;
    private final VlArbiter arbiter;
    private final PhysicalLink physical;
    private final LogicalLink logical = new LogicalLink();
    private final FlowControlKeepAlive keepAlive;
    private final Transmitter transmitter;
    private final Receiver receiver;
    private final PortStateMachine states;
    private final FaultLog faults = FaultLog.shared();

    public Port(long nodeGuid, PortConfig config, PortEvents events, Executor loop, Scheduler scheduler) {
        this.config = config;
        this.scheduler = scheduler;
        this.policy = new ReceivePolicy().mtuCap(config.mtuCap()).operationalVlsCode(config.vlCap());
        this.flowControl = new LinkFlowControl(
                config.dataVls(), config.bufferBlocksPerVl(), Math.max(1, config.bufferBlocksPerVl() / 8));
        this.arbiter = new VlArbiter(64, 64, config.dataVls());
        this.physical = new PhysicalLink(nodeGuid, config);
        this.keepAlive = new FlowControlKeepAlive(scheduler, physical, this::keepAlive);
        this.transmitter = new Transmitter(
                config,
                physical,
                logical,
                flowControl,
                arbiter,
                counters,
                drops,
                tap,
                keepAlive,
                loop,
                scheduler,
                this::transmitSpace);
        this.receiver =
                new Receiver(this, events, physical, logical, policy, flowControl, drops, tap, keepAlive, transmitter);
        this.states = new PortStateMachine(this, events, physical, logical, keepAlive, transmitter, receiver);
    }

    public int number() {
        return config.number();
    }

    public PortConfig config() {
        return config;
    }

    /** Any thread. */
    public int physicalState() {
        return physical.state();
    }

    /** Any thread. */
    public int portState() {
        return logical.state();
    }

    /** What the link trained to while it is up, {@link TrainedLink#NONE} otherwise. Any thread. */
    public TrainedLink training() {
        return physical.trained();
    }

    /** The peer ("node-guid/port") while a link stream is up, or null. */
    public String peer() {
        return physical.peer();
    }

    /** Why the link last went down or did not train, for logs. */
    public String downReason() {
        return physical.downReason();
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
        return drops.count(reason);
    }

    /** Packets waiting in the transmit queue of {@code vl}. Any thread. */
    public int queued(int vl) {
        return transmitter.queued(vl);
    }

    /**
     * The 64-byte blocks the peer's receiver has room for on data VL {@code vl} (0-14), 0 for a VL that is not
     * operational, as of the last change. Any thread.
     */
    public long txCreditBlocks(int vl) {
        return transmitter.txCreditBlocks(vl);
    }

    /**
     * Impairs what this port sends from now on, as a faulty cable in this direction would ({@link LinkImpairment});
     * {@link LinkImpairment.Settings#NONE} heals it. The whole flow-control state is re-sent at once, so credit an
     * update lost on the cable had withheld comes back without waiting for the keep-alive.
     */
    public void impair(LinkImpairment.Settings settings) {
        transmitter.impair(settings);
    }

    /** How the cable impairs what this port sends. */
    public LinkImpairment.Settings impairment() {
        return transmitter.impairment().settings();
    }

    /** Frames of one kind (data, or link packets) this port's cable impaired so, since the port started. Any thread. */
    public long impaired(LinkImpairment.Effect effect, boolean data) {
        return transmitter.impairment().count(effect, data);
    }

    /** Captures every frame this port sends and receives, or stops capturing ({@code null}). */
    public void tap(FrameTap newTap) {
        tap.set(newTap);
    }

    /**
     * Sends data packets regardless of the peer's credits (a tester or exerciser that overruns a receiver on
     * purpose). Flow-control totals are still counted, as the IBTrainer does.
     */
    public void ignoreCredits(boolean ignore) {
        for (int vl = 0; vl < LinkFlowControl.DATA_VLS; vl++) {
            flowControl.tx(vl).ignoreCredits(ignore);
        }
        transmitter.scheduleDrain();
    }

    /**
     * Queues a data packet (LRH through VCRC) for transmission on the VL its LRH names. The port takes the array
     * as it is (no copy): the caller must not change it afterwards. Returns false, counting
     * PortXmitDiscards, when the port cannot send it: the VL's queue is full, the VL is not operational, the link is
     * not up, or the port state allows only SMPs (Init, Armed) and this is not one.
     */
    public boolean transmit(byte[] frame) {
        return transmitter.offer(frame, false);
    }

    /**
     * As {@link #transmit}, for a frame the device sealed: it computed the VCRC over exactly these bytes, or checked
     * the one they came with and changed nothing since (a switch relaying a packet), and nothing writes to them again.
     * A receiver in this JVM then knows its VCRC check passes without computing it, as Linux skips checking the
     * checksums of what its loopback device carries (CHECKSUM_UNNECESSARY); every frame still carries a correct VCRC,
     * and one the cable corrupts is checked. Frames made wrong on purpose (a tester's) go through {@link #transmit}.
     */
    public boolean transmitSealed(byte[] frame) {
        return transmitter.offer(frame, true);
    }

    /** Whether this port checks the VCRC of what it receives: no deviation took the check away (C7-7, C7-9). */
    public boolean checksVcrc() {
        return !receivePolicy().departs(ReceiveDeparture.NO_VCRC_CHECK);
    }

    /**
     * Puts one frame on the link at once, as an exerciser does: no queue, no credits, no state or VL rules, no
     * counters, no impairment of the link. For testers that send malformed packets on purpose ({@code endBad} marks
     * it with EBP). Returns false when there is no link stream. A stream that is momentarily not ready (gRPC's
     * flow-control hint) holds the frame in its buffer, in order, as an exerciser's transmit FIFO would: refusing it
     * would make a burst fail at random.
     */
    public boolean inject(Frame.Kind kind, byte[] bytes, boolean endBad) {
        return transmitter.inject(kind, bytes, endBad);
    }

    /**
     * The device is done with a received data packet (delivered or forwarded): frees its receive buffer, so the
     * credit goes back to the peer with the next flow-control update.
     */
    public void release(int vl, int frameBytes) {
        receiver.release(vl, frameBytes);
    }

    /**
     * The device discarded a data packet before queueing it: its SL maps to no data VL ({@link
     * DropReason#UNMAPPED_SL}).
     */
    public void discardUnmappedSl() {
        drops.drop(DropReason.UNMAPPED_SL);
    }

    /** PortInfo.LinkWidthEnabled as the SMA last set it; the link retrains with it on the next link up. */
    public void linkWidthEnabled(int widthEnabled) {
        physical.linkWidthEnabled(widthEnabled);
    }

    public int linkWidthEnabled() {
        return physical.linkWidthEnabled();
    }

    /**
     * PortInfo.OperationalVLs (code 1..5): the data VLs the receive check accepts, flow control credits and the
     * arbiter serves.
     */
    public void operationalVlsCode(int code) {
        policy.operationalVlsCode(code);
        flowControl.operationalVls(policy.operationalVls());
        arbiter.operationalVls(policy.operationalVls());
        transmitter.publishCredits();
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
        transmitter.pacing(on);
    }

    /**
     * PortInfo.HOQLife: how long a packet may wait at the head of a VL queue before it is discarded (IBA 18.2.5.2):
     * 4.096 us x 2^code; codes of 20 and above mean no limit (what opensm writes to disable it).
     */
    public void hoqLife(int code) {
        transmitter.hoqLife(code);
    }

    /** SMA: Init to Armed (IBA 7.2: only from Init). Returns false if the port is not in Init. */
    public boolean arm() {
        return states.changePortState(PortInfo.PORT_STATE_INIT, PortInfo.PORT_STATE_ARMED);
    }

    /** SMA: Armed to Active. Returns false if the port is not Armed. */
    public boolean activate() {
        return states.changePortState(PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE);
    }

    /** Disables the port (PortPhysicalState Disabled): the link goes down and stays down until {@link #enable()}. */
    public void disable() {
        states.disable();
    }

    /** Ends the link stream, if any, as a device shutting down does: the port goes to Polling/Down. */
    public void close() {
        LinkConnection l = physical.connection();
        if (l != null) {
            l.close();
        }
    }

    /** Leaves Disabled for Polling: the next stream (or redial) trains the link. */
    public void enable() {
        states.enable();
    }

    // ---- LinkHandler: the virtual link ----

    @Override
    public boolean onConnected(LinkConnection connection) {
        return states.connected(connection);
    }

    @Override
    public void onMessage(LinkMessage message) {
        onMessage(message, 0);
    }

    @Override
    public void onMessage(LinkMessage message, long sealed) {
        if (message.hasPhy()) {
            states.peerPhy(message.getPhy());
        }
        for (int i = 0; i < message.getFramesCount(); i++) {
            try {
                receiver.receive(message.getFrames(i), i < Long.SIZE && (sealed >>> i & 1) != 0);
            } catch (RuntimeException e) {
                // One frame's failure must not lose the frames after it in the message, nor reach the stream.
                drops.drop(DropReason.INTERNAL_ERROR);
                faults.caught("Port.receive", e);
            }
        }
        try {
            receiver.framesDelivered();
        } catch (RuntimeException e) {
            faults.caught("Port.onFramesDelivered", e);
        }
        // What the device sent while it took these frames (an HCA's ACKs) leaves now, not behind the loop's queue: a
        // stream's deliveries run in one task of the loop for as long as the peer keeps sending (gRPC serialises a
        // call's callbacks, and a local link's inbox runs alike), and a drain queued behind them waited 30 ms and more
        // under a steady RDMA WRITE, long enough for the requester's ACK timeout.
        transmitter.drainIfScheduled();
    }

    /** The data packets that were on the wire when this end pulled the cable arrive at a link that is down. */
    @Override
    public void onLateMessage(LinkMessage message) {
        for (Frame f : message.getFramesList()) {
            if (f.getKind() == Frame.Kind.DATA) {
                drops.drop(DropReason.LINK_NOT_UP);
            }
        }
    }

    @Override
    public void onReady() {
        transmitter.drain();
    }

    @Override
    public void onDisconnected(Status cause) {
        states.disconnected(cause);
    }

    /** The keep-alive fired on a live link: a new flow-control period, the whole state re-sent. */
    private boolean keepAlive() {
        counters.flowControlPeriodEnded();
        return transmitter.refreshFlowControl();
    }

    /** The transmitter's news for the device, made before {@link #states} is. */
    private void transmitSpace() {
        states.transmitSpace();
    }
}
