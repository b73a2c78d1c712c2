package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel's send timeout, as the umad endpoint keeps it for libumad2sim programs. */
class PendingRequestsTest {
    private static final long TIMEOUT = 1_000;
    private final PendingRequests pending = new PendingRequests(TIMEOUT);
    private final UmadSession session = new UmadSession(0, null, "127.0.0.1", 40000, null, 0, false, 0);

    private static SimRequest request() {
        return new SimRequest(1, 0, 0, 0, 0, SimRequest.MAD_SIZE, new byte[SimRequest.MAD_SIZE]);
    }

    private void send(long tid, long now) {
        pending.sent(session, tid, request(), now);
    }

    @Test
    void onlyMethodsWithAResponseAreWaitedFor() {
        for (int m : new int[] {Method.GET, Method.SET, Method.REPORT, Method.GET_TABLE, Method.DELETE}) {
            assertTrue(PendingRequests.expectsResponse(m), "method " + m);
        }
        for (int m : new int[] {Method.SEND, Method.TRAP, Method.TRAP_REPRESS}) {
            assertFalse(PendingRequests.expectsResponse(m), "method " + m);
        }
    }

    @Test
    void anUnansweredRequestFallsDueAtItsDeadlineAndItsLateAnswerIsRefused() {
        send(7, 0);
        assertEquals(List.of(), pending.expire(TIMEOUT - 1));
        List<PendingRequests.Pending> due = pending.expire(TIMEOUT);
        assertEquals(1, due.size());
        assertEquals(7, due.get(0).tid);
        assertFalse(pending.answered(7), "given back: its answer is late");
        assertTrue(pending.answered(8), "a TID never waited for passes");
        assertEquals(-1, pending.nextDeadline());
    }

    @Test
    void anAnsweredOrForgottenRequestNeverFallsDue() {
        send(1, 0);
        send(2, 10);
        assertTrue(pending.answered(1));
        pending.forget(2);
        assertEquals(List.of(), pending.expire(10 * TIMEOUT));
    }

    @Test
    void aResentTidIsWaitedForFromItsLastSend() {
        send(5, 0);
        send(5, 600);
        assertEquals(List.of(), pending.expire(TIMEOUT), "the first send's deadline no longer counts");
        assertEquals(1, pending.expire(600 + TIMEOUT).size());
    }

    @Test
    void aGivenBackTidIsForgottenAfterTenTimeouts() {
        send(9, 0);
        pending.expire(TIMEOUT);
        pending.expire(12 * TIMEOUT);
        assertTrue(pending.answered(9), "long after, the TID may be anyone's again");
    }
}
