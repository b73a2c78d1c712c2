package dev.ibmesh.gateway;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentMap;

/**
 * The TransactionIDs of one session's requests: each went out with a TID of the gateway's port (so that clients
 * choosing their own TIDs never collide) and the client's comes back in its response. The mapping outlives the
 * response, because the later segments of an RMPP transfer and the client's ACKs carry the same TID; the newest
 * {@link #KEPT} are kept.
 *
 * <p>The gateway's port matches responses on TID bits 31..0, which no transport changes (the kernel's MAD layer
 * stamps its agent into bits 63..32, ibsim its client id into 63..48), so {@code owners}, shared by every session,
 * is keyed on them.
 *
 * <p>Threading: synchronized; called from gRPC's threads and the port's.
 */
final class ClientTransactions {
    static final int KEPT = 4_096;

    /** One request of the client: its TID, the port's, and its method. */
    record Transaction(ClientTransactions owner, long clientTid, long portTid, int method) {}

    private final ConcurrentMap<Integer, Transaction> owners;
    private final Map<Long, Transaction> byClientTid = new LinkedHashMap<>();

    ClientTransactions(ConcurrentMap<Integer, Transaction> owners) {
        this.owners = owners;
    }

    static int key(long tid) {
        return (int) tid;
    }

    /** The client's request with TID {@code clientTid} goes out as {@code portTid}. */
    synchronized void started(long clientTid, long portTid, int method) {
        Transaction t = new Transaction(this, clientTid, portTid, method);
        Transaction before = byClientTid.put(clientTid, t);
        if (before != null) {
            owners.remove(key(before.portTid()), before);
        }
        owners.put(key(portTid), t);
        if (byClientTid.size() > KEPT) {
            Iterator<Transaction> it = byClientTid.values().iterator();
            Transaction oldest = it.next();
            it.remove();
            owners.remove(key(oldest.portTid()), oldest);
        }
    }

    /** The client's request with this TID, if it is still known. */
    synchronized Optional<Transaction> byClient(long clientTid) {
        return Optional.ofNullable(byClientTid.get(clientTid));
    }

    /** Whose request a response with the port's TID {@code portTid} answers, if any session's. */
    Optional<Transaction> byPort(long portTid) {
        return Optional.ofNullable(owners.get(key(portTid)));
    }

    /** The session ended: its TIDs belong to nobody. */
    synchronized void clear() {
        byClientTid.values().forEach(t -> owners.remove(key(t.portTid()), t));
        byClientTid.clear();
    }
}
