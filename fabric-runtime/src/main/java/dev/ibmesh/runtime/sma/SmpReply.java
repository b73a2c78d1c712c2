package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Smp;
import java.util.Arrays;
import java.util.Optional;

/**
 * What the SMA answers, before it becomes a LID-routed or directed-route GetResp: the status word (without the DR D
 * bit) and the 64-byte SMP data area. Handlers return {@code Optional.empty()} when no response is due.
 */
record SmpReply(int status, byte[] data) {
    SmpReply {
        data = Arrays.copyOf(data, Smp.DATA_SIZE);
    }

    /** Status 0 with the attribute as it now is. */
    static Optional<SmpReply> ok(Attribute attribute) {
        return ok(attribute.toBytes());
    }

    /** Status 0 with the attribute's data area as given. */
    static Optional<SmpReply> ok(byte[] data) {
        return Optional.of(new SmpReply(0, data));
    }

    /** A Set its attribute's rules rejected (status 7): {@code unchanged} is the attribute as it still is. */
    static Optional<SmpReply> rejected(SetResult<?> result, Attribute unchanged) {
        return rejected(result, unchanged.toBytes());
    }

    /** The same, with the data area of the attribute as it still is. */
    static Optional<SmpReply> rejected(SetResult<?> result, byte[] unchanged) {
        return Optional.of(new SmpReply(result.status(), unchanged));
    }

    /** Status {@code code} echoing the request's data area: the SMA did not get as far as the attribute. */
    static Optional<SmpReply> error(int code, SmpRequest request) {
        return Optional.of(new SmpReply(MadStatus.ofCode(code), request.data()));
    }

    /** Code 3, method/attribute combination not supported (IBA 13.4.7, Table 110). */
    static Optional<SmpReply> unsupported(SmpRequest request) {
        return error(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED, request);
    }

    /** Code 7, a field of the attribute or the AttributeModifier is invalid (IBA 13.4.7, Table 110; C13-24). */
    static Optional<SmpReply> invalid(SmpRequest request) {
        return error(MadStatus.CODE_INVALID_FIELD, request);
    }
}
