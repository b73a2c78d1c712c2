package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.Optional;
import java.util.Set;

/**
 * Hands SubnGet and SubnSet to the attribute handlers, and bends their answers as the {@link SmaDeparture}s the
 * device was started with say. With none (a compliant device) it only hands them on.
 */
final class Departures {
    /** The attributes {@link SmaDeparture#DROP_TABLE_WRITES} is about. */
    private static final Set<Integer> TABLES = Set.of(
            PKeyTable.ATTRIBUTE_ID,
            SlToVlMappingTable.ATTRIBUTE_ID,
            VlArbitrationTable.ATTRIBUTE_ID,
            LinearForwardingTable.ATTRIBUTE_ID,
            MulticastForwardingTable.ATTRIBUTE_ID);

    private final SmaOptions options;

    Departures(SmaOptions options) {
        this.options = options;
    }

    /** SubnGet through {@code handler}, null for an attribute the SMA does not implement. */
    Optional<SmpReply> get(SmpAttributeHandler handler, SmpRequest request) {
        Optional<SmpReply> reply = handler == null ? SmpReply.unsupported(request) : handler.get(request);
        if (options.departs(SmaDeparture.ANSWER_UNSUPPORTED_GET)
                && hasStatus(reply, MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED))) {
            return Optional.of(new SmpReply(0, new byte[0]));
        }
        return reply;
    }

    /** SubnSet of {@code attributeId} through {@code handler}, null for an attribute the SMA does not implement. */
    Optional<SmpReply> set(int attributeId, SmpAttributeHandler handler, SmpRequest request) {
        if (handler == null) {
            return SmpReply.unsupported(request);
        }
        if (options.departs(SmaDeparture.DROP_TABLE_WRITES) && TABLES.contains(attributeId)) {
            Optional<SmpReply> current = handler.get(request);
            return hasStatus(current, 0) ? Optional.of(new SmpReply(0, request.data())) : current;
        }
        Optional<SmpReply> reply = handler.set(request);
        if (options.departs(SmaDeparture.ACK_READ_ONLY_SET)
                && hasStatus(reply, MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED))) {
            Optional<SmpReply> current = handler.get(request);
            if (hasStatus(current, 0)) {
                return current;
            }
        }
        if (options.departs(SmaDeparture.ECHO_SET_DATA) && hasStatus(reply, 0)) {
            return Optional.of(new SmpReply(0, request.data()));
        }
        return reply;
    }

    private static boolean hasStatus(Optional<SmpReply> reply, int status) {
        return reply.isPresent() && reply.get().status() == status;
    }
}
