package dev.ibmesh.runtime.port;

import com.google.protobuf.UnsafeByteOperations;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.runtime.counters.SingleWriterCounters;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.link.VlArbiter;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.LinkConnection;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import java.util.Arrays;
import java.util.concurrent.Executor;

/**
 * A port's transmit path: the VL queues, VL arbitration among the VLs whose head packet the peer's credit covers
 * (IBA 7.6.9, 7.9), the flow-control packets owed to the peer (built when they go out), and the cable
 * to the peer ({@link LinkImpairment}, {@link DelayLine}). What may leave goes in link messages of up to {@link
 * #MAX_BATCH_FRAMES} frames, sent at the end of the event loop's turn, so frames queued together leave together.
 * Allocates nothing per packet beyond the protobuf frame that carries it.
 *
 * <p>Threading: event loop only, except {@link #queued} and {@link #txCreditBlocks}, which the metrics scrape reads
 * from its own thread (the loop stores them with release semantics).
 */
final class Transmitter {
    private static final int NOTHING_OWED = -1;

    /** Frames (data and link packets) batched into one link message at most. */
    static final int MAX_BATCH_FRAMES = 64;

    private final PhysicalLink physical;
    private final LogicalLink logical;
    private final LinkFlowControl flowControl;
    private final VlArbiter arbiter;
    private final PortCounterSet counters;
    private final PortDrops drops;
    private final PortTap tap;
    private final FlowControlKeepAlive keepAlive;
    private final Executor loop;
    private final Scheduler scheduler;
    /** Tells the device that packets left or may leave ({@link PortEvents#onTransmitSpace}). */
    private final Runnable transmitSpace;

    private final VlQueues queues;
    private final Lanes lanes = new Lanes();
    /** The transmit credit of each data VL, published for the metrics after every change. */
    private final SingleWriterCounters txCreditBlocks = new SingleWriterCounters(LinkFlowControl.DATA_VLS);
    /**
     * The Op of the flow-control packet each data VL owes the peer ({@link #NOTHING_OWED}: none). The packet is built
     * when it goes out, so it says the credit as it is then: one built earlier and sent after a newer update (a
     * keep-alive's, queued, behind a release's, sent at once) took back credit the peer had already been given, since
     * the peer takes each FCCL as it comes (IBA 7.9.4), and left its sender waiting for the next keep-alive.
     */
    private final int[] owedFlowControl = new int[LinkFlowControl.DATA_VLS];
    /** What the cable does to what this port sends (nothing, unless the control API impairs the link). */
    private final LinkImpairment impairment = new LinkImpairment();

    private final DelayLine delayLine;
    private final LinkPacing pacing;
    private final HeadOfQueueLifetime headOfQueue;
    private boolean drainScheduled;

    Transmitter(
            PortConfig config,
            PhysicalLink physical,
            LogicalLink logical,
            LinkFlowControl flowControl,
            VlArbiter arbiter,
            PortCounterSet counters,
            PortDrops drops,
            PortTap tap,
            FlowControlKeepAlive keepAlive,
            Executor loop,
            Scheduler scheduler,
            Runnable transmitSpace) {
        this.physical = physical;
        this.logical = logical;
        this.flowControl = flowControl;
        this.arbiter = arbiter;
        this.counters = counters;
        this.drops = drops;
        this.tap = tap;
        this.keepAlive = keepAlive;
        this.loop = loop;
        this.scheduler = scheduler;
        this.transmitSpace = transmitSpace;
        this.queues = new VlQueues(config.queuePacketsPerVl());
        this.delayLine = new DelayLine(scheduler);
        this.pacing = new LinkPacing(scheduler, physical, impairment, this::drain);
        this.headOfQueue = new HeadOfQueueLifetime(scheduler, queues, drops, this::drain);
        Arrays.fill(owedFlowControl, NOTHING_OWED);
    }

    /** See {@link Port#transmit} and {@link Port#transmitSealed}. */
    boolean offer(byte[] frame, boolean sealed) {
        int vl = frame.length >= Lrh.SIZE ? Lrh.vl(frame, 0) : -1;
        boolean allowed =
                vl == Lrh.VL15 ? physical.up() : logical.active() && vl >= 0 && vl < flowControl.operationalVls();
        if (!allowed || !queues.offer(vl, frame, scheduler.nanoTime(), sealed)) {
            drops.drop(DropReason.TRANSMIT_REFUSED);
            return false;
        }
        scheduleDrain();
        return true;
    }

    /** See {@link Port#inject}. */
    boolean inject(Frame.Kind kind, byte[] bytes, boolean endBad) {
        LinkConnection link = physical.connection();
        if (link == null) {
            return false;
        }
        tap.sent(kind, bytes);
        link.send(LinkMessage.newBuilder()
                .addFrames(Frame.newBuilder()
                        .setKind(kind)
                        .setBytes(UnsafeByteOperations.unsafeWrap(bytes))
                        .setEndBad(endBad))
                .build());
        return true;
    }

    /**
     * A flow-control update for the peer, sent at once when the stream can take it, not at the end of this turn: the
     * peer's sender may be waiting for exactly this credit, and the messages queued behind this one on the event
     * loop would delay it by a whole window.
     */
    void sendFlowControlNow(int vl) {
        LinkConnection link = physical.connection();
        if (link != null && link.isReady()) {
            if (owedFlowControl[vl] == FlowControlPacket.OP_NORMAL) {
                owedFlowControl[vl] = NOTHING_OWED; // this one says it all, and newer
            }
            Batch m = new Batch();
            addFrame(
                    m,
                    Frame.Kind.LINK,
                    flowControl.packet(FlowControlPacket.OP_NORMAL, vl).encode(),
                    false);
            toWire(m);
        } else {
            oweFlowControl(FlowControlPacket.OP_NORMAL, vl);
            scheduleDrain();
        }
    }

    /**
     * A flow-control packet of Op {@code op} for {@code vl} goes out with the next batch. An init packet owed stays
     * one: built when it goes out, it says the credit as it is then all the same.
     */
    void oweFlowControl(int op, int vl) {
        if (owedFlowControl[vl] != FlowControlPacket.OP_INIT) {
            owedFlowControl[vl] = op;
        }
    }

    /** As {@link #oweFlowControl(int, int)}, for every operational data VL. */
    private void oweFlowControl(int op) {
        for (int vl = 0; vl < flowControl.operationalVls(); vl++) {
            oweFlowControl(op, vl);
        }
    }

    /** The keep-alive: the whole flow-control state goes out again. Returns whether data packets wait. */
    boolean refreshFlowControl() {
        oweFlowControl(FlowControlPacket.OP_NORMAL);
        scheduleDrain(); // the drain also discards heads past HOQLife
        return dataWaiting();
    }

    /** Whether packets of a data VL wait: VL15's move no credit, so they never keep the keep-alive short. */
    private boolean dataWaiting() {
        return (queues.nonEmpty() & ~(1 << Lrh.VL15)) != 0;
    }

    /** See {@link Port#impair}. */
    void impair(LinkImpairment.Settings settings) {
        impairment.set(settings);
        pacing.reset();
        if (physical.up()) {
            oweFlowControl(FlowControlPacket.OP_NORMAL);
        }
        scheduleDrain();
    }

    LinkImpairment impairment() {
        return impairment;
    }

    void pacing(boolean atLinkRate) {
        pacing.atLinkRate(atLinkRate);
        scheduleDrain();
    }

    void hoqLife(int code) {
        headOfQueue.code(code);
    }

    /** The link trained: fresh credits, and the flow-control init packets for the operational VLs go first. */
    void linkUp() {
        publishCredits();
        oweFlowControl(FlowControlPacket.OP_INIT);
    }

    /** The link went down: what waited to be sent is dropped, and what was on the cable is lost. */
    void linkDown() {
        for (int n = queues.clear(); n > 0; n--) {
            drops.drop(DropReason.LINK_DOWN);
        }
        Arrays.fill(owedFlowControl, NOTHING_OWED);
        delayLine.clear();
        pacing.reset();
        headOfQueue.cancel();
    }

    /** Packets waiting in the queue of {@code vl}. Any thread. */
    int queued(int vl) {
        return queues.depth(vl);
    }

    /** Any thread. */
    long txCreditBlocks(int vl) {
        return txCreditBlocks.get(vl);
    }

    void publishCredits() {
        for (int vl = 0; vl < LinkFlowControl.DATA_VLS; vl++) {
            publishCredit(vl);
        }
    }

    private void publishCredit(int vl) {
        txCreditBlocks.set(
                vl, vl < flowControl.operationalVls() ? flowControl.tx(vl).available() : 0);
    }

    void scheduleDrain() {
        if (!drainScheduled) {
            drainScheduled = true;
            loop.execute(this::drain);
        }
    }

    /** Drains now if a drain is waiting in the loop's queue (it then finds nothing left to do). */
    void drainIfScheduled() {
        if (drainScheduled) {
            drain();
        }
    }

    /** Sends what credits and arbitration allow, in link messages of up to {@link #MAX_BATCH_FRAMES} frames. */
    void drain() {
        drainScheduled = false;
        headOfQueue.discardExpired();
        boolean paced = pacing.on();
        LinkConnection link;
        while ((link = physical.connection()) != null && link.isReady()) {
            Batch batch = new Batch();
            int frames = 0;
            for (int vl = 0; vl < owedFlowControl.length; vl++) {
                if (owedFlowControl[vl] != NOTHING_OWED && vl < flowControl.operationalVls()) {
                    addFrame(
                            batch,
                            Frame.Kind.LINK,
                            flowControl.packet(owedFlowControl[vl], vl).encode(),
                            false);
                    frames++;
                }
                owedFlowControl[vl] = NOTHING_OWED;
            }
            while (frames < MAX_BATCH_FRAMES && physical.up()) {
                if (paced && !pacing.mayStart()) {
                    break;
                }
                int vl = arbiter.select(lanes);
                if (vl == VlArbiter.NONE) {
                    break;
                }
                boolean sealed = queues.headSealed(vl);
                byte[] frame = queues.poll(vl);
                if (paced) {
                    pacing.charge(frame.length);
                }
                sent(vl, frame.length);
                counters.transmitted(frame.length, Lrh.isMulticast(Lrh.dlid(frame, 0)));
                addFrame(batch, Frame.Kind.DATA, frame, sealed);
                frames++;
                if (flowControl.canSend(vl, Blocks.ofFrame(frame.length)) && impairment.duplicate()) {
                    // The copy takes credit too, so both ends' flow-control counts stay in step; without credit
                    // for it there is no copy, and none is counted.
                    sent(vl, frame.length);
                    onCable(batch, Frame.Kind.DATA, frame, sealed);
                }
            }
            if (frames == 0) {
                if (dataWaiting()) {
                    // Held back by credit: keep the keep-alive short until the credit comes.
                    keepAlive.carriedData();
                }
                if (queues.nonEmpty() != 0) {
                    headOfQueue.arm();
                }
                return;
            }
            toWire(batch);
            transmitSpace.run();
        }
    }

    private void sent(int vl, int frameBytes) {
        flowControl.onSent(vl, Blocks.ofFrame(frameBytes));
        if (vl != Lrh.VL15) { // VL15 moves no credit: nothing to publish, and no update for the keep-alive to repair
            publishCredit(vl);
            keepAlive.sent();
        }
    }

    /** A frame this port sends: the capture sees it as sent, the peer as the cable delivers it. */
    private void addFrame(Batch batch, Frame.Kind kind, byte[] bytes, boolean sealed) {
        tap.sent(kind, bytes);
        onCable(batch, kind, bytes, sealed);
    }

    private void onCable(Batch batch, Frame.Kind kind, byte[] bytes, boolean sealed) {
        byte[] carried = impairment.carry(kind == Frame.Kind.DATA, bytes);
        if (carried != null) {
            // A frame the cable corrupted is a new array, and no longer sealed.
            batch.add(kind, carried, sealed && carried == bytes);
        }
    }

    /** Sends what the cable still carries of a batch, after the cable's delay. */
    private void toWire(Batch batch) {
        LinkMessage.Builder message = batch.message;
        if (message.getFramesCount() == 0) {
            return;
        }
        long delay = impairment.delayNanos();
        if (delay > 0) {
            for (int i = 0; i < message.getFramesCount(); i++) {
                impairment.counted(
                        LinkImpairment.Effect.DELAYED, message.getFrames(i).getKind() == Frame.Kind.DATA);
            }
        }
        delayLine.send(physical.connection(), message.build(), batch.sealed, delay);
    }

    /** A link message being filled, and which of its frames were sealed by their device (bit n: frame n). */
    private static final class Batch {
        final LinkMessage.Builder message = LinkMessage.newBuilder();
        long sealed;

        void add(Frame.Kind kind, byte[] bytes, boolean isSealed) {
            int n = message.getFramesCount();
            // No copy: a frame handed to the port is the port's, and nothing writes to it again.
            message.addFrames(Frame.newBuilder().setKind(kind).setBytes(UnsafeByteOperations.unsafeWrap(bytes)));
            if (isSealed && n < Long.SIZE) {
                sealed |= 1L << n;
            }
        }
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
}
