package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
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

    /** The RespTimeValue {@link SmaDeparture#OVERSTATE_RESP_TIME_VALUE} shows: the largest the field holds. */
    private static final int OVERSTATED_RESP_TIME_VALUE = 31;

    private final SmaOptions options;

    Departures(SmaOptions options) {
        this.options = options;
    }

    /** Whether an SMP of another ClassVersion is taken for version 1 ({@link SmaDeparture#ANSWER_BAD_CLASS_VERSION}). */
    boolean answersAnyClassVersion() {
        return options.departs(SmaDeparture.ANSWER_BAD_CLASS_VERSION);
    }

    /** Whether a method other than SubnGet and SubnSet is answered ({@link SmaDeparture#ANSWER_UNSUPPORTED_METHOD}). */
    boolean answersAnyMethod() {
        return options.departs(SmaDeparture.ANSWER_UNSUPPORTED_METHOD);
    }

    /** SubnGet of {@code attributeId} through {@code handler}, null for an attribute the SMA does not implement. */
    Optional<SmpReply> get(int attributeId, SmpAttributeHandler handler, SmpRequest request) {
        Optional<SmpReply> reply = handler == null ? SmpReply.unsupported(request) : handler.get(request);
        if (options.departs(SmaDeparture.ANSWER_UNSUPPORTED_GET)
                && hasStatus(reply, MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED))) {
            return Optional.of(new SmpReply(0, new byte[0]));
        }
        return attributeId == PortInfo.ATTRIBUTE_ID ? understated(reply) : reply;
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
        return attributeId == PortInfo.ATTRIBUTE_ID ? understated(reply) : reply;
    }

    /**
     * A PortInfo answer showing RespTimeValue 0 under {@link SmaDeparture#UNDERSTATE_RESP_TIME_VALUE}, 31 under
     * {@link SmaDeparture#OVERSTATE_RESP_TIME_VALUE}.
     */
    private Optional<SmpReply> understated(Optional<SmpReply> reply) {
        boolean under = options.departs(SmaDeparture.UNDERSTATE_RESP_TIME_VALUE);
        if (!(under || options.departs(SmaDeparture.OVERSTATE_RESP_TIME_VALUE)) || !hasStatus(reply, 0)) {
            return reply;
        }
        byte[] data = reply.get().data();
        if (data.length < PortInfo.SIZE) {
            return reply;
        }
        PortInfo shown = PortInfo.decode(data, 0).toBuilder()
                .respTimeValue(under ? 0 : OVERSTATED_RESP_TIME_VALUE)
                .build();
        return Optional.of(new SmpReply(0, shown.toBytes()));
    }

    /** The Method of the response to a request with {@code method}: GetResp, but see {@link SmaDeparture#ANSWER_SET_WITH_SET_RESP}. */
    int responseMethod(int method) {
        return method == Method.SET && options.departs(SmaDeparture.ANSWER_SET_WITH_SET_RESP)
                ? Method.SET | Method.RESPONSE_BIT
                : Method.GET_RESP;
    }

    private static boolean hasStatus(Optional<SmpReply> reply, int status) {
        return reply.isPresent() && reply.get().status() == status;
    }
}
