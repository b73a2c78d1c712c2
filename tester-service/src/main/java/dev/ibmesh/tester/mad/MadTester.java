package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import dev.ibmesh.tester.engine.DutSilent;
import dev.ibmesh.tester.engine.ProcedureContext;
import dev.ibmesh.tester.engine.TesterError;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * The MAD Tester role (CTS "SendMad" / "ReceiveMad"): sends MADs to the DUT through the bench's {@link MadPort} and
 * waits for the response with the request's TransactionID, once, for as long as the DUT's response time allows. SMPs
 * go along the directed route to the DUT (out of the tester's port), so they reach it with or without LIDs.
 * {@link #verifyResponse} checks what every response must mirror.
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

    private final ProcedureContext ctx;
    private final MadPort port;
    private Duration timeout = MIN_TIMEOUT;

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

    /**
     * Waits for responses as long as a node with this PortInfo.RespTimeValue, on a subnet with this SubnetTimeOut,
     * may take (IBA 13.4.6.2: 4.096 us x 2^RespTimeValue, plus twice the subnet's 4.096 us x 2^SubnetTimeOut), and
     * never less than {@link #MIN_TIMEOUT}.
     */
    public void responseTime(int respTimeValue, int subnetTimeOut) {
        long nanos = 4096L * ((1L << Math.min(respTimeValue, 31)) + 2 * (1L << Math.min(subnetTimeOut, 31)));
        timeout = Duration.ofNanos(Math.max(nanos, MIN_TIMEOUT.toNanos()));
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
                    "response to " + request.mad() + " within " + t.timeout().toMillis() + " ms");
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
