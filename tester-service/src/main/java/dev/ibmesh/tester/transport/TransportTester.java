package dev.ibmesh.tester.transport;

import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.PortAttr;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.proto.verbs.v1.QueryPortRequest;
import dev.ibmesh.tester.bench.CapturedFrame;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.engine.DutSilent;
import dev.ibmesh.tester.engine.ProcedureContext;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.wire.DecodeResult;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.PacketDecoder;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The Transport Tester role: plays the remote end of a connection packet by packet. It drives the DUT through its
 * verbs ({@link DutVerbs}), sends whatever request or response a procedure builds from the tester's port, and takes
 * every data packet the DUT sends to it off the port before the tester's own transport sees it. Times come from the
 * run's trace, so a wait is measured from the frames, not assumed: {@link #send} returns when the frame left,
 * {@link InboundPacket#nanos()} is when the DUT's frame arrived.
 *
 * <p>Threading: the procedure's thread; received packets queue up from the tester's event loop.
 */
public final class TransportTester {
    /** How long the DUT gets to send a packet the procedure expects now (nothing in the DUT should wait). */
    public static final Duration PROMPT = Duration.ofSeconds(5);
    /** What the tester adds to a wait the DUT must honour, for scheduling on a loaded machine. */
    public static final Duration MARGIN = Duration.ofSeconds(2);

    private final ProcedureContext ctx;
    private final Exerciser exerciser;
    private final DutVerbs dut;
    private final LinkedBlockingQueue<CapturedFrame> inbound = new LinkedBlockingQueue<>();

    public TransportTester(ProcedureContext ctx) {
        this.ctx = ctx;
        this.exerciser = ctx.bench()
                .exerciser()
                .orElseThrow(() -> new TesterError("the Transport Tester needs raw packets on the tester's port"));
        this.dut = new DutVerbs(ctx.bench()
                .dutVerbs()
                .orElseThrow(() -> new TesterError("the Transport Tester needs the DUT's verbs service")));
        exerciser.capture(inbound::add);
    }

    public DutVerbs dut() {
        return dut;
    }

    /**
     * OpenRcChannel(CC): an RC QP on the DUT connected to the tester's end, at the smaller of the DUT port's active
     * MTU and 4096.
     */
    public RcChannel openRcChannel(RcChannelOptions options) {
        return openRcChannel(options, pmtu());
    }

    /** OpenRcChannel(CC) with a path MTU of {@code pathMtu}, which may be below the port's active MTU. */
    public RcChannel openRcChannel(RcChannelOptions options, Mtu pathMtu) {
        RcChannel channel = RcChannel.open(
                dut, ctx.bench().link().testerLid(), ctx.bench().link().dutLid(), pathMtu, options, QpType.RC);
        ctx.note("RC channel open: DUT QP 0x" + Integer.toHexString(channel.dutQpn()) + " <-> tester QP 0x"
                + Integer.toHexString(RcChannel.TESTER_QPN) + ", PMTU " + channel.pmtuBytes() + ", " + options);
        return channel;
    }

    /** OpenUcChannel(CC): a UC QP on the DUT connected to the tester's end, at the PMTU of {@link #openRcChannel}. */
    public RcChannel openUcChannel() {
        RcChannel channel = RcChannel.open(
                dut,
                ctx.bench().link().testerLid(),
                ctx.bench().link().dutLid(),
                pmtu(),
                RcChannelOptions.DEFAULT,
                QpType.UC);
        ctx.note("UC channel open: DUT QP 0x" + Integer.toHexString(channel.dutQpn()) + " <-> tester QP 0x"
                + Integer.toHexString(RcChannel.TESTER_QPN) + ", PMTU " + channel.pmtuBytes());
        return channel;
    }

    /** A UD QP on the DUT's port 1 with Q_Key {@link UdChannel#Q_KEY}. */
    public UdChannel openUdChannel() {
        UdChannel channel = UdChannel.open(
                dut, ctx.bench().link().testerLid(), ctx.bench().link().dutLid(), port().getPortGuid());
        ctx.note("UD QP open on the DUT: QP 0x" + Integer.toHexString(channel.dutQpn()) + ", Q_Key 0x"
                + Integer.toHexString(UdChannel.Q_KEY));
        return channel;
    }

    /** The DUT port's active MTU (4096 when it names none): the path MTU of the channels. */
    public int activeMtuBytes() {
        return 128 << pmtu().getNumber();
    }

    private Mtu pmtu() {
        Mtu active = port().getActiveMtu();
        return active == Mtu.MTU_UNSPECIFIED ? Mtu.MTU_4096 : active;
    }

    private PortAttr port() {
        return dut.call(
                "QueryPort",
                s -> s.queryPort(QueryPortRequest.newBuilder().setPortNum(1).build()));
    }

    /** TransportTxPacket: puts {@code frame} on the link; returns when it left, on the trace's clock. */
    public long send(byte[] frame) {
        try {
            return exerciser.transmit(frame).join();
        } catch (CompletionException e) {
            throw new TesterError(
                    "the tester's port refused the packet: " + e.getCause().getMessage(), e);
        }
    }

    /**
     * Puts {@code frame} on the link no earlier than {@code notBefore} (the trace's clock): what a requester does to
     * honour a wait the responder asked for (an RNR NAK's timer). Returns when it left.
     */
    public long sendNotBefore(long notBefore, byte[] frame) {
        for (long now = ctx.bench().trace().now();
                now < notBefore;
                now = ctx.bench().trace().now()) {
            LockSupport.parkNanos(notBefore - now);
            if (Thread.interrupted()) {
                throw new TesterError("interrupted while holding a packet back");
            }
        }
        return send(frame);
    }

    /**
     * TransportRxIbPacket: the next packet the DUT sends, which must come within {@code within} and be a valid IBA
     * transport packet (a malformed one fails the check {@code assertions}).
     *
     * @throws DutSilent when none comes in time
     */
    public InboundPacket receive(String assertions, Duration within) {
        return poll(within)
                .map(f -> valid(assertions, f))
                .orElseThrow(
                        () -> new DutSilent(assertions, "packet from the DUT within " + within.toMillis() + " ms"));
    }

    /** The next packet within {@code within}, or empty: for procedures that expect the DUT to stay silent. */
    public Optional<InboundPacket> receiveIfAny(String assertions, Duration within) {
        return poll(within).map(f -> valid(assertions, f));
    }

    private Optional<CapturedFrame> poll(Duration within) {
        try {
            CapturedFrame f = inbound.poll(within.toNanos(), TimeUnit.NANOSECONDS);
            if (f != null) {
                ctx.dutAnswered();
            }
            return Optional.ofNullable(f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TesterError("interrupted while waiting for the DUT", e);
        }
    }

    private InboundPacket valid(String assertions, CapturedFrame f) {
        DecodeResult r = PacketDecoder.decode(f.bytes(), dev.ibmesh.wire.Mtu.MTU_4096);
        boolean ok = r instanceof DecodeResult.Decoded d && d.packet() instanceof IbaPacket;
        ctx.checkThat(
                assertions,
                "the DUT's packet (frame " + f.frame() + ") is a valid IBA transport packet",
                ok,
                "valid",
                ok ? "valid" : r.toString());
        return new InboundPacket((IbaPacket) ((DecodeResult.Decoded) r).packet(), f.nanos(), f.frame());
    }
}
