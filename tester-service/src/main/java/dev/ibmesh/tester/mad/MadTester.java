package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadNotCarriedException;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import dev.ibmesh.runtime.madport.MadWatcher;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.engine.DutSilent;
import dev.ibmesh.tester.engine.ProcedureContext;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.trace.Direction;
import dev.ibmesh.wire.Deth;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The MAD Tester role (CTS "SendMad" / "ReceiveMad"): sends MADs to the DUT through the bench's {@link MadPort} and
 * waits for the response with the request's TransactionID, once, for as long as the DUT's response time allows. SMPs
 * go along the directed route to the DUT (out of the tester's port), so they reach it with or without LIDs.
 * {@link #verifyResponse} checks what every response must mirror. LID-routed SMPs and GMPs to the DUT's LID, with
 * any M_Key, Q_Key or P_Key index, serve the procedures that check how the DUT treats them; {@link #expectNoResponse}
 * makes sure of what must not come, {@link #traps()} receives what the DUT raises.
 *
 * <p>Threading: the procedure's thread; it blocks while it waits.
 */
public final class MadTester {
    /**
     * The least time the tester waits for a response. The IBA lets a node take 4.096 us x 2^RespTimeValue plus the
     * subnet's round trip (13.4.6.2); an emulated DUT on a loaded machine can be slower than a low RespTimeValue
     * says, and a FAIL must never come from the tester's impatience.
     */
    public static final Duration MIN_TIMEOUT = Duration.ofSeconds(2);

    /**
     * The least time the tester waits before it concludes that the DUT discarded a request (besides the answer to a
     * later request, see {@link #expectNoResponse}). The IBA bound (13.4.6.2) is microseconds for a DUT with a low
     * RespTimeValue, but an emulated DUT takes milliseconds to answer.
     */
    public static final Duration MIN_SILENCE = Duration.ofMillis(200);

    /** The well-known Q_Key of QP1 (IBA 13.5.1). */
    public static final int GSI_Q_KEY = Deth.GSI_Q_KEY;

    private final ProcedureContext ctx;
    private final MadPort port;
    private Duration timeout = MIN_TIMEOUT;
    private Duration silence = MIN_SILENCE;

    public MadTester(ProcedureContext ctx) {
        this.ctx = ctx;
        this.port = ctx.bench().madPort();
    }

    public MadPort port() {
        return port;
    }

    public Duration timeout() {
        return timeout;
    }

    /** How long {@link #expectNoResponse} waits. */
    public Duration silence() {
        return silence;
    }

    /**
     * Waits for responses as long as a node with this PortInfo.RespTimeValue, on a subnet with this SubnetTimeOut,
     * may take (IBA 13.4.6.2: 4.096 us x 2^RespTimeValue, plus twice the subnet's 4.096 us x 2^SubnetTimeOut), and
     * never less than {@link #MIN_TIMEOUT}; concludes that a request was discarded after the same time, never less
     * than {@link #MIN_SILENCE}.
     */
    public void responseTime(int respTimeValue, int subnetTimeOut) {
        long nanos = 4096L * ((1L << Math.min(respTimeValue, 31)) + 2 * (1L << Math.min(subnetTimeOut, 31)));
        timeout = Duration.ofNanos(Math.max(nanos, MIN_TIMEOUT.toNanos()));
        silence = Duration.ofNanos(Math.max(nanos, MIN_SILENCE.toNanos()));
    }

    /** The LID the DUT answers to: its CA port's, or its switch port 0's. */
    public int dutLid() {
        return ctx.bench().link().dutLid();
    }

    /** The directed route from the tester to the DUT. */
    public int[] pathToDut() {
        return ctx.bench().link().pathToDut();
    }

    /** SendMad(SubnGet(attribute)) along the route to the DUT, and ReceiveMad of its response. */
    public MadExchange subnGet(int attributeId, int modifier) {
        return send(DrSmp.outbound(
                Method.GET, port.newTransactionId(), attributeId, modifier, 0, new byte[0], pathToDut()));
    }

    /** SendMad(SubnSet(attribute)) along the route to the DUT, and ReceiveMad of its response. */
    public MadExchange subnSet(int attributeId, int modifier, byte[] data) {
        return send(DrSmp.outbound(Method.SET, port.newTransactionId(), attributeId, modifier, 0, data, pathToDut()));
    }

    /** A directed-route SMP along {@code path} (empty: the tester's own port) carrying {@code mKey}. */
    public HostMad directed(int method, int attributeId, int modifier, long mKey, byte[] data, int... path) {
        return HostMad.smp(
                DrSmp.PERMISSIVE_LID,
                DrSmp.outbound(method, port.newTransactionId(), attributeId, modifier, mKey, data, path)
                        .encode());
    }

    /** A LID-routed SMP (class 0x01) to {@code dlid} carrying {@code mKey}. */
    public HostMad lidRouted(int dlid, int method, int attributeId, int modifier, long mKey, byte[] data) {
        MadHeader h =
                MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, method, port.newTransactionId(), attributeId, modifier);
        return HostMad.smp(dlid, Smp.of(h, mKey, data).encode());
    }

    /**
     * A GMP for QP1 of {@code dlid}, sent from the tester's QP1 with this Q_Key and the P_Key at {@code pKeyIndex} of
     * the tester port's P_Key table.
     */
    public HostMad gmp(int dlid, int qKey, int pKeyIndex, Mad mad) {
        return new HostMad(dlid, 0, 1, qKey, pKeyIndex, mad);
    }

    /** A header for a request of this class with a fresh TransactionID. */
    public MadHeader header(MgmtClass mgmtClass, int classVersion, int method, int attributeId, int modifier) {
        return MadHeader.of(mgmtClass, classVersion, method, port.newTransactionId(), attributeId, modifier);
    }

    /** Sends a directed-route SMP as it is and waits for its response. */
    public MadExchange send(DrSmp request) {
        return send(HostMad.smp(DrSmp.PERMISSIVE_LID, request.encode()));
    }

    /**
     * Sends any MAD (LID-routed SMP, GMP with its P_Key index and Q_Key) and waits for the response with its
     * TransactionID.
     *
     * @throws DutSilent when none came in time
     */
    public MadExchange send(HostMad request) {
        try {
            HostMad response = port.request(request, timeout).join();
            ctx.dutAnswered();
            return new MadExchange(request, response);
        } catch (CompletionException e) {
            throw translate(e.getCause(), request);
        }
    }

    /**
     * Sends a request the DUT must answer; no answer in time FAILs the step with {@code assertions} (or is an ERROR
     * when the DUT was never reached, see {@link DutSilent}).
     */
    public MadExchange send(String assertions, HostMad request) {
        return post(request).receive(assertions);
    }

    /** SendMad without waiting: {@link Posted#receive} is the CTS's ReceiveMad, in a step of its own. */
    public Posted post(HostMad request) {
        return new Posted(request, port.request(request, timeout));
    }

    /** A request sent, whose response is still to be received. */
    public final class Posted {
        private final HostMad request;
        private final CompletableFuture<HostMad> response;

        private Posted(HostMad request, CompletableFuture<HostMad> response) {
            this.request = request;
            this.response = response;
        }

        /**
         * ReceiveMad: waits for the response; none in time FAILs the step with {@code assertions} (or is an ERROR
         * when the DUT was never reached, see {@link DutSilent}).
         */
        public MadExchange receive(String assertions) {
            try {
                HostMad r = response.join();
                ctx.dutAnswered();
                return new MadExchange(request, r);
            } catch (CompletionException e) {
                if (!(e.getCause() instanceof MadTimeoutException) || !ctx.dutReached()) {
                    throw translate(e.getCause(), request);
                }
                ctx.checkThat(
                        assertions,
                        "a response to " + request.mad(),
                        false,
                        "a response within " + timeout.toMillis() + " ms",
                        ((MadTimeoutException) e.getCause())
                                .undelivered()
                                .map(why -> "none: " + why)
                                .orElse("none"));
                throw new IllegalStateException("unreachable: the check above failed");
            }
        }
    }

    /**
     * Sends a request the DUT must discard, then {@code fence}, a request it must answer along the same path: any
     * answer to the first FAILs the step with {@code assertions}. The DUT is taken to have discarded it once the
     * fence's answer came (a DUT handles the MADs of one path in order, so an answer to the first would have come
     * first) and {@link #silence()} has passed since it was sent, on the MadPort's clock (the request's timeout).
     * An answer that comes later than that still counts: the port's watcher sees late responses too.
     *
     * @return the fence's exchange
     */
    public MadExchange expectNoResponse(String assertions, HostMad request, HostMad fence) {
        long tid = request.mad().header().transactionId();
        AtomicReference<HostMad> answer = new AtomicReference<>();
        try (MadPort.Subscription watching = port.watch(new MadWatcher() {
            @Override
            public void sent(HostMad mad) {}

            @Override
            public void received(HostMad mad) {
                MadHeader h = mad.mad().header();
                if (h.isResponse() && h.transactionId() == tid) {
                    answer.compareAndSet(null, mad);
                }
            }
        })) {
            CompletableFuture<HostMad> discarded = port.request(request, silence);
            MadExchange fenced = send(assertions, fence);
            try {
                answer.compareAndSet(null, discarded.join()); // the port matched a response to it
            } catch (CompletionException e) {
                if (!(e.getCause() instanceof MadTimeoutException)) {
                    throw translate(e.getCause(), request);
                }
            }
            HostMad came = answer.get();
            ctx.checkThat(
                    assertions,
                    "no response to " + request.mad(),
                    came == null,
                    "none before the answer to the next request, nor within " + silence.toMillis() + " ms",
                    came == null ? "none" : "a response: " + came.mad());
            return fenced;
        }
    }

    /**
     * As {@link #expectNoResponse}, for a request that {@code inject} puts on the link as a raw frame (the exerciser's,
     * with a fault the MadPort cannot make): {@code request} is the MAD the frame carries. No agent asked for an
     * answer to it, so an answer would reach none: the tester looks for one in the bench's trace, among the frames
     * its port received until the fence was answered and {@link #silence()} had passed on the exerciser's clock.
     *
     * @return the fence's exchange
     * @throws NotApplicable when the bench has no exerciser (a MAD-only backend)
     */
    public MadExchange expectNoResponseToFrame(String assertions, HostMad request, Runnable inject, HostMad fence) {
        Exerciser exerciser = ctx.bench()
                .exerciser()
                .orElseThrow(() -> ctx.notApplicable(
                        "the tester must put raw packets on the link, and this backend carries only MADs"));
        long tid = request.mad().header().transactionId();
        CompletableFuture<Void> silenceOver = exerciser.after(silence.toNanos());
        inject.run();
        MadExchange fenced = send(assertions, fence);
        silenceOver.join();
        Optional<Mad> came = ctx.bench().trace().frames().stream()
                .filter(f -> f.direction() == Direction.RX && !f.link() && SmpPackets.isSmp(f.bytes()))
                .map(f -> SmpPackets.mad(f.bytes()))
                .filter(m -> m.header().isResponse() && m.header().transactionId() == tid)
                .findFirst();
        ctx.checkThat(
                assertions,
                "no response to " + request.mad(),
                came.isEmpty(),
                "none before the answer to the next request, nor within " + silence.toMillis() + " ms",
                came.map(m -> "a response: " + m).orElse("none"));
        return fenced;
    }

    /** Sends a MAD that expects no response (TrapRepress, a request to nowhere) and returns once it left the port. */
    public void sendOnly(HostMad mad) {
        try {
            port.send(mad).join();
        } catch (CompletionException e) {
            throw translate(e.getCause(), mad);
        }
    }

    /** From now on, the traps the DUT sends to the tester (the master SM), with their times, until closed. */
    public TrapInbox traps() {
        return new TrapInbox(port, ctx.bench().trace()::now);
    }

    /**
     * ReceiveMad (SubnTrap(Notice) with {@code trapNumber}): the next such trap in {@code traps}, waiting as long as a
     * response may take; none FAILs the step with {@code assertions}.
     */
    public TrapInbox.Trap receiveTrap(String assertions, TrapInbox traps, int trapNumber) {
        return receiveTrap(assertions, traps, trapNumber, "", t -> true);
    }

    /**
     * ReceiveMad (SubnTrap(Notice) with {@code trapNumber} {@code what}): the next such trap that {@code wanted}
     * accepts, others passed over; none FAILs the step with {@code assertions}.
     */
    public TrapInbox.Trap receiveTrap(
            String assertions, TrapInbox traps, int trapNumber, String what, Predicate<TrapInbox.Trap> wanted) {
        Optional<TrapInbox.Trap> trap = traps.next(trapNumber, wanted, timeout);
        ctx.checkThat(
                assertions,
                "trap " + trapNumber + (what.isEmpty() ? "" : " " + what) + " within " + timeout.toMillis() + " ms",
                trap.isPresent(),
                "a trap",
                trap.map(t -> String.format("a trap, TID 0x%016x", t.transactionId()))
                        .orElse("none"));
        return trap.orElseThrow();
    }

    /**
     * ReceiveMad (SubnTrap(Notice) with TrapNumber 144 and {@code changeFlag} set, see {@link
     * Notice.LocalChangesTrap}): the procedure's own change. A trap 144 without the flag reports another change,
     * raised before the procedure and repeated until the DUT replaces it (IBA 14.2.5.1): it is noted and passed over.
     */
    public TrapInbox.Trap receiveLocalChanges(String assertions, TrapInbox traps, int changeFlag, String flagName) {
        return receiveTrap(assertions, traps, Notice.TRAP_LOCAL_CHANGES, "with " + flagName, t -> {
            int flags = ((Notice.LocalChangesTrap) t.notice().details()).changeFlags();
            if ((flags & changeFlag) == 0) {
                ctx.note(String.format(
                        "passed over a trap 144 without %s (change flags 0x%x, TID 0x%016x)",
                        flagName, flags, t.transactionId()));
            }
            return (flags & changeFlag) != 0;
        });
    }

    /**
     * SubnTrapRepress(Notice) for a trap received (IBA 14.2.5.1): the trap's TransactionID, AttributeModifier and
     * Notice, LID-routed back to the LID it came from. An SMA does not answer it (o14-3.a4).
     */
    public void repress(TrapInbox.Trap trap) {
        Smp t = Smp.decode(trap.mad().mad());
        MadHeader h = t.header().withMethod(Method.TRAP_REPRESS).withStatus(0);
        sendOnly(HostMad.smp(
                trap.mad().remoteLid(), Smp.of(h, t.mKey(), t.data()).encode()));
    }

    /**
     * Sends a MAD the DUT must not answer (a discarded request) and waits {@code within} for an answer: empty when
     * none came, as the procedure expects; the answer when one did.
     */
    public Optional<MadExchange> sendExpectingNoResponse(HostMad request, Duration within) {
        try {
            HostMad response = port.request(request, within).join();
            ctx.dutAnswered();
            return Optional.of(new MadExchange(request, response));
        } catch (CompletionException e) {
            if (e.getCause() instanceof MadTimeoutException) {
                return Optional.empty();
            }
            throw translate(e.getCause(), request);
        }
    }

    /**
     * What every response mirrors of its request (IBA 13.4.5, 13.4.6.1): BaseVersion, MgmtClass, ClassVersion,
     * TransactionID, AttributeID and AttributeModifier; its Method is the request's with the R bit (GetResp answers
     * Get and Set); a directed-route response travels back (D bit set) over as many hops as the request.
     */
    public void verifyResponse(String assertions, MadExchange x) {
        MadHeader req = x.requestHeader();
        MadHeader resp = x.header();
        ctx.check(assertions, "MADHeader:BaseVersion", req.baseVersion(), resp.baseVersion());
        ctx.check(assertions, "MADHeader:MgmtClass", req.mgmtClass(), resp.mgmtClass());
        ctx.check(assertions, "MADHeader:ClassVersion", req.classVersion(), resp.classVersion());
        int method = req.method() == Method.SET ? Method.GET_RESP : req.method() | Method.RESPONSE_BIT;
        ctx.check(assertions, "MADHeader:Method", Method.name(method), Method.name(resp.method()));
        ctx.check(
                assertions,
                "MADHeader:TransactionID",
                String.format("0x%016x", req.transactionId()),
                String.format("0x%016x", resp.transactionId()));
        ctx.check(assertions, "MADHeader:AttributeID", hex(req.attributeId()), hex(resp.attributeId()));
        ctx.check(assertions, "MADHeader:AttributeModifier", req.attributeModifier(), resp.attributeModifier());
        if (x.isDirectedRoute()) {
            DrSmp request = DrSmp.decode(x.request().mad());
            ctx.check(assertions, "MADHeader:Status.D", true, x.dr().direction());
            ctx.check(assertions, "MADHeader:HopCount", request.hopCount(), x.dr().hopCount());
        }
    }

    private RuntimeException translate(Throwable cause, HostMad request) {
        if (cause instanceof MadTimeoutException t) {
            return new DutSilent(
                    "",
                    "response to " + request.mad()
                            + t.undelivered()
                                    .map(why -> ": " + why)
                                    .orElse(" within " + t.timeout().toMillis() + " ms"));
        }
        if (cause instanceof MadNotCarriedException n) {
            return ctx.notApplicable(n.getMessage());
        }
        if (cause instanceof MadSendException s) {
            return new TesterError("the tester could not send " + request.mad() + ": " + s.getMessage(), s);
        }
        return new TesterError("sending " + request.mad() + " failed: " + cause, cause);
    }

    static String hex(int attributeId) {
        return String.format("0x%04X", attributeId);
    }
}
