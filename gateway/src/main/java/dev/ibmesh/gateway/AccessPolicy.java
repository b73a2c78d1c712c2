package dev.ibmesh.gateway;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.runtime.agent.HostMad;
import java.util.Optional;
import java.util.Set;

/**
 * What a gateway lets its clients do. A full gateway allows everything. A read-only one, for a production fabric
 * where one Set can take the subnet down, lets through only requests whose method reads (Get, GetTable,
 * GetTraceTable, GetMulti: IBA 13.4.5) and the RMPP ACK, STOP and ABORT a client sends about a transfer such a
 * request started (IBA 13.6.2.1); no Set, no Trap, no response of its own, no IsSM.
 */
final class AccessPolicy {
    private static final Set<Integer> READING =
            Set.of(Method.GET, Method.GET_TABLE, Method.GET_TRACE_TABLE, Method.GET_MULTI);
    private static final Set<Integer> RMPP_CONTROL =
            Set.of(RmppHeader.TYPE_ACK, RmppHeader.TYPE_STOP, RmppHeader.TYPE_ABORT);

    private final boolean readOnly;

    AccessPolicy(boolean readOnly) {
        this.readOnly = readOnly;
    }

    boolean readOnly() {
        return readOnly;
    }

    /** Why the request {@code mad} is refused, if it is. */
    Optional<String> refusesRequest(HostMad mad) {
        if (!readOnly || READING.contains(mad.mad().header().method())) {
            return Optional.empty();
        }
        return refused(mad);
    }

    /**
     * Why {@code mad}, which expects no response, is refused, if it is.
     *
     * @param ownMethod the method of the client's request whose TransactionID {@code mad} carries, if there is one
     */
    Optional<String> refusesSend(HostMad mad, Optional<Integer> ownMethod) {
        if (!readOnly) {
            return Optional.empty();
        }
        MadHeader h = mad.mad().header();
        byte[] b = mad.mad().toBytes();
        boolean controlOfOwnTransfer = !mad.isSmp()
                && ownMethod.isPresent()
                && (h.method() & ~Method.RESPONSE_BIT) == ownMethod.get()
                && RmppHeader.active(b)
                && RMPP_CONTROL.contains(RmppHeader.type(b));
        return controlOfOwnTransfer ? Optional.empty() : refused(mad);
    }

    /** Why setting IsSM is refused, if it is; clearing it is always allowed. */
    Optional<String> refusesAnnounce(boolean present) {
        return readOnly && present
                ? Optional.of("the gateway is read-only: it does not let an SM announce itself on its port (IsSM)")
                : Optional.empty();
    }

    private static Optional<String> refused(HostMad mad) {
        return Optional.of("the gateway is read-only: it refuses " + MadMessages.describe(mad)
                + " (only Get, GetTable, GetTraceTable and GetMulti requests pass)");
    }
}
