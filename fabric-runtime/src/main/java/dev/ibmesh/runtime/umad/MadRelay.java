package dev.ibmesh.runtime.umad;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.rmpp.RmppControl;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.rmpp.RmppReceiver;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.wire.Bits;
import io.vertx.core.Future;
import io.vertx.core.net.SocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data path: data messages ({@link SimRequest}) from a client to its port, and the MADs a port hands over to
 * the client they are for.
 *
 * <p>From a client: the datagram must come from the client's data address to the client's own data port (ibsim's
 * per-client socket is connected, so the kernel filters the same way); a request (Method R bit clear) gets the client
 * id in TransactionID bits 63..48, as ibsim's {@code sim_mad.c update_trid} puts it, so its response finds the way
 * back (umad2sim keeps its agent id in bits 47..32; libibmad matches only the low 32 bits). Responses keep their TID.
 *
 * <p>To a client, as ibsim's {@code find_client}: a response goes to the client named by TID bits 63..48 if that
 * client is attached to the port; otherwise a MAD to a QP above 1 goes to the client that declared that QP, and a
 * request to QP0/QP1 (a trap, an SA query) to the client holding the SM role there. Nobody: counted in
 * {@link UmadCounter#MADS_UNCLAIMED}.
 *
 * <p>Threading: every method runs on the server's context.
 */
final class MadRelay {
    private static final Logger LOG = LoggerFactory.getLogger(MadRelay.class);

    /** Sends one datagram to a client's data socket, from that client's data port. */
    interface ClientWriter {
        void write(UmadSession session, byte[] datagram);
    }

    private static final int TID_OFFSET = 8;
    /** The bytes of a MAD that libumad2sim hands to the program ({@link #rmppSegment}). */
    static final int UMAD2SIM_VISIBLE = 224;

    private static final int METHOD_OFFSET = 3;
    private static final int RESPONSE_BIT = 0x80;

    private final UmadSessions sessions;
    private final UmadCounters counters;
    private final LongSupplier nanoTime;
    private final ClientWriter writer;
    private final Consumer<Runnable> onServer;
    private final PendingRequests pending;
    private final Scheduler scheduler;
    private Scheduler.Cancellable expiry;

    /**
     * @param scheduler       the server's clock and timers (on its context)
     * @param responseTimeout how long a client's request waits for its response before it is given back with status
     *                        110 ({@link PendingRequests})
     * @param onServer        runs a task on the server's context (port futures may complete elsewhere)
     */
    MadRelay(
            UmadSessions sessions,
            UmadCounters counters,
            Scheduler scheduler,
            Duration responseTimeout,
            ClientWriter writer,
            Consumer<Runnable> onServer) {
        this.sessions = sessions;
        this.counters = counters;
        this.scheduler = scheduler;
        this.nanoTime = scheduler::nanoTime;
        this.pending = new PendingRequests(responseTimeout.toNanos());
        this.writer = writer;
        this.onServer = onServer;
    }

    /** A datagram arrived on client {@code clientId}'s data port. */
    void fromClient(int clientId, byte[] datagram, SocketAddress sender) {
        Optional<UmadSession> found = sessions.get(clientId);
        if (found.isEmpty() || !found.get().isDataAddress(sender)) {
            counters.reject(UmadCounter.DATA_DROPPED, SimReject.UNKNOWN_SENDER);
            return;
        }
        UmadSession s = found.get();
        SimRequest request;
        try {
            request = SimRequest.decode(datagram);
        } catch (SimProtocolException e) {
            counters.reject(UmadCounter.DATA_DROPPED, e.reason());
            return;
        }
        s.lastHeardNanos = nanoTime.getAsLong();
        byte[] mad = request.mad();
        boolean isRequest = (mad[METHOD_OFFSET] & RESPONSE_BIT) == 0;
        if (isRequest) {
            Bits.put16(mad, TID_OFFSET, clientId);
        } else if (RmppHeader.active(mad) && RmppHeader.type(mad) == RmppHeader.TYPE_NONE) {
            segmentLikeTheKernel(mad, request.length());
        }
        SimRequest stamped =
                new SimRequest(request.dlid(), request.slid(), request.dqp(), request.sqp(), 0, request.length(), mad);
        counters.increment(UmadCounter.MADS_FROM_CLIENTS);
        UmadMad out = UmadMad.of(stamped);
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "umad client {} -> {} port {}: {}",
                    clientId,
                    s.port.nodeName(),
                    s.port.portNumber(),
                    out.summary());
        }
        long tid = Bits.u64(mad, TID_OFFSET);
        boolean awaited = isRequest && PendingRequests.expectsResponse(mad[METHOD_OFFSET]);
        if (awaited) {
            pending.sent(s, tid, stamped, nanoTime.getAsLong());
            armExpiry();
        }
        Future<Void> sent;
        try {
            sent = s.port.send(out);
        } catch (RuntimeException e) {
            FaultLog.shared().caught("UmadPort.send", e);
            sent = Future.failedFuture(e);
        }
        sent.onFailure(e -> onServer.accept(() -> {
            if (awaited) {
                pending.forget(tid);
            }
            giveBack(s, stamped);
        }));
    }

    /** A timer for the earliest request due, while any is waiting (an idle endpoint has none running). */
    private void armExpiry() {
        long next = pending.nextDeadline();
        if (next < 0 || expiry != null) {
            return;
        }
        expiry = scheduler.schedule(Math.max(0, next - nanoTime.getAsLong()), () -> {
            expiry = null;
            for (PendingRequests.Pending p : pending.expire(nanoTime.getAsLong())) {
                counters.increment(UmadCounter.REQUESTS_TIMED_OUT);
                if (sessions.get(p.session.clientId).orElse(null) == p.session) {
                    send(p.session, p.request.withStatus(SimRequest.STATUS_TIMEOUT));
                }
            }
            armExpiry();
        });
    }

    /** The server stops: no timer may outlive it. */
    void close() {
        if (expiry != null) {
            expiry.cancel();
            expiry = null;
        }
    }

    /**
     * A response a program hands to the Linux MAD layer with RMPPFlags.Active and no more (OpenSM's SA answers: the
     * kernel segments them and fills in the RMPP header). What libumad2sim passes is at most one MAD, so it becomes
     * the one DATA segment of its transfer, first and last, with the PayloadLength of what the program wrote.
     */
    private static void segmentLikeTheKernel(byte[] mad, long length) {
        long payload = Math.max(0, Math.min(length, SimRequest.MAD_SIZE) - RmppHeader.END);
        RmppHeader.write(
                mad,
                RmppHeader.TYPE_DATA,
                RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST,
                RmppHeader.STATUS_NORMAL,
                1,
                payload);
    }

    /** ibsim's "_dropped" path: the request goes back to its sender with status ETIMEDOUT. */
    private void giveBack(UmadSession s, SimRequest request) {
        counters.increment(UmadCounter.MADS_UNDELIVERABLE);
        if (sessions.get(s.clientId).orElse(null) == s) {
            send(s, request.withStatus(SimRequest.STATUS_TIMEOUT));
        }
    }

    /** A MAD arrived for host software on {@code port}. */
    void toClient(UmadPort port, UmadMad mad) {
        if (RmppHeader.isControl(mad.mad().toBytes())) {
            return; // ACK, STOP, ABORT: the kernel's RMPP business, never a program's
        }
        Optional<UmadSession> target = clientFor(port, mad);
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "umad {} port {} -> {}: {}",
                    port.nodeName(),
                    port.portNumber(),
                    target.map(s -> "client " + s.clientId).orElse("nobody (unclaimed)"),
                    mad.summary());
        }
        if (target.isEmpty()) {
            counters.increment(UmadCounter.MADS_UNCLAIMED);
            return;
        }
        byte[] b = mad.mad().toBytes();
        if (mad.isResponse() && !pending.answered(mad.mad().header().transactionId())) {
            counters.increment(UmadCounter.LATE_RESPONSES);
            return;
        }
        if (mad.isResponse() && RmppHeader.isData(b)) {
            rmppSegment(port, target.get(), mad, b);
            return;
        }
        send(target.get(), mad.toRequest(SimRequest.MAD_SIZE));
    }

    /**
     * A segment of a multi-MAD (RMPP) response. Under a real libibumad the Linux MAD layer acknowledges the segments
     * and hands the program the whole response in one read, its length what the segments carried. libumad2sim reads
     * one 256-byte MAD at most (ibsim's data message has room for no more), so the endpoint does what it can of the
     * kernel's part: it acknowledges every segment, so the sender's transfer completes, and hands over the first
     * segment only, with the length of the answer when it fits in that one MAD, cut otherwise (counted in
     * {@link UmadCounter#RMPP_ANSWERS_CUT}).
     *
     * <p>The length handed over is at most {@link #UMAD2SIM_VISIBLE}: Debian's libumad2sim (ibsim 0.10) copies only the
     * first 224 bytes of a data message's MAD into the program's buffer (seen with {@code saquery -p -d -d}: the third
     * PathRecord of an answer ended at byte 224 in garbage). saquery counts the records of a GetTable answer from the
     * length, so a longer one made it print a record of garbage, zeros mostly; with 224 it prints the whole records
     * it got.
     */
    private void rmppSegment(UmadPort port, UmadSession client, UmadMad mad, byte[] b) {
        long segment = RmppHeader.segmentNumber(b);
        boolean last = (RmppHeader.flags(b) & RmppHeader.FLAG_LAST) != 0;
        byte[] ack = RmppControl.ack(b, segment, last ? segment : segment + RmppReceiver.WINDOW);
        port.send(new UmadMad(mad.slid(), 0, mad.sqp(), 1, 0, Mad.copyOf(ack)));
        if (segment != 1) {
            return;
        }
        long answer = RmppHeader.END + RmppHeader.data2(b);
        long visible = Math.min(last ? answer : SimRequest.MAD_SIZE, UMAD2SIM_VISIBLE);
        if (visible < answer) {
            counters.increment(UmadCounter.RMPP_ANSWERS_CUT);
        }
        send(client, mad.toRequest(visible));
    }

    private Optional<UmadSession> clientFor(UmadPort port, UmadMad mad) {
        boolean response = mad.isResponse();
        if (response) {
            int clientId = (int) (mad.mad().header().transactionId() >>> 48);
            Optional<UmadSession> byTid = sessions.get(clientId).filter(s -> s.port == port);
            if (byTid.isPresent()) {
                return byTid;
            }
        }
        if (mad.dqp() > 1) {
            return sessions.withQp(port, mad.dqp());
        }
        return response ? Optional.empty() : sessions.smOn(port);
    }

    private void send(UmadSession s, SimRequest request) {
        counters.increment(UmadCounter.MADS_TO_CLIENTS);
        writer.write(s, request.encode());
    }

    /** The TID a request from {@code clientId} carries once stamped (for tests). */
    static long stampedTid(long tid, int clientId) {
        return (tid & 0x0000_FFFF_FFFF_FFFFL) | ((long) clientId << 48);
    }
}
