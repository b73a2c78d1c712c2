package dev.ibmesh.runtime.umad;

import dev.ibmesh.mad.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The requests clients sent that await a response, by the TransactionID the endpoint stamped on them: the Linux MAD
 * layer's send timeout, which libumad2sim leaves to the simulator. ibsim answers a MAD it drops (a lossy port, an
 * unroutable packet) at once with status 110; in an ibmesh fabric a MAD can be lost without anyone noticing (a port's
 * SMA discards an SMP with a wrong M_Key, a link drops it), so the endpoint waits {@code timeout} for the response and
 * then gives the request back with status 110, as the kernel completes a send that timed out. A program that waits for
 * its sends to complete, like OpenSM, would otherwise wait forever. A response that arrives after its request was given
 * back is dropped, as the kernel drops a response it has no send for.
 *
 * <p>Only methods that have a response are tracked (IBA 13.4.5: Get, Set, Send excluded, Report, GetTable,
 * GetTraceTable, GetMulti, Delete). Event loop only (the umad server's context).
 */
final class PendingRequests {
    /** A request on its way; {@code answered} once its response came (it stays in the queue until it is due). */
    static final class Pending {
        final UmadSession session;
        final long tid;
        final SimRequest request;
        final long deadline;
        boolean answered;

        Pending(UmadSession session, long tid, SimRequest request, long deadline) {
            this.session = session;
            this.tid = tid;
            this.request = request;
            this.deadline = deadline;
        }
    }

    private final long timeoutNanos;
    private final Map<Long, Pending> byTid = new HashMap<>();
    private final ArrayDeque<Pending> byDeadline = new ArrayDeque<>();
    /** TIDs given back, with when: their late responses are dropped, for ten timeouts. */
    private final Map<Long, Long> givenBack = new HashMap<>();

    PendingRequests(long timeoutNanos) {
        if (timeoutNanos <= 0) {
            throw new IllegalArgumentException("the response timeout must be positive, was " + timeoutNanos + " ns");
        }
        this.timeoutNanos = timeoutNanos;
    }

    /** True when a request with this method has a response to wait for. */
    static boolean expectsResponse(int method) {
        return switch (method) {
            case Method.GET,
                    Method.SET,
                    Method.REPORT,
                    Method.GET_TABLE,
                    Method.GET_TRACE_TABLE,
                    Method.GET_MULTI,
                    Method.DELETE -> true;
            default -> false;
        };
    }

    /** {@code request} (TID stamped) went out for {@code session} at {@code now}. */
    void sent(UmadSession session, long tid, SimRequest request, long now) {
        Pending p = new Pending(session, tid, request, now + timeoutNanos);
        Pending replaced = byTid.put(tid, p);
        if (replaced != null) {
            replaced.answered = true; // the client reused a TID: the newer request is the one waited for
        }
        givenBack.remove(tid);
        byDeadline.add(p);
    }

    /** The request went back to its client already (it could not be sent): nothing more to wait for. */
    void forget(long tid) {
        Pending p = byTid.remove(tid);
        if (p != null) {
            p.answered = true;
        }
    }

    /**
     * A response with {@code tid} arrived: true to hand it to the client (its request was waiting, or is none the
     * endpoint tracked), false when its request was given back already.
     */
    boolean answered(long tid) {
        Pending p = byTid.remove(tid);
        if (p != null) {
            p.answered = true;
            return true;
        }
        return !givenBack.containsKey(tid);
    }

    /** The requests unanswered at {@code now} past their deadline, removed; the caller gives them back. */
    List<Pending> expire(long now) {
        List<Pending> due = new ArrayList<>();
        while (!byDeadline.isEmpty() && byDeadline.peek().deadline <= now) {
            Pending p = byDeadline.poll();
            if (!p.answered) {
                byTid.remove(p.tid);
                givenBack.put(p.tid, now);
                due.add(p);
            }
        }
        for (Iterator<Long> at = givenBack.values().iterator(); at.hasNext(); ) {
            if (now - at.next() > 10 * timeoutNanos) {
                at.remove();
            }
        }
        return due;
    }

    /** When the next request falls due, or -1 when none is waiting. */
    long nextDeadline() {
        return byDeadline.isEmpty() ? -1 : byDeadline.peek().deadline;
    }
}
