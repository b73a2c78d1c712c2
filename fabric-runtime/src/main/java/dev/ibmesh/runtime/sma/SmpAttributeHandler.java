package dev.ibmesh.runtime.sma;

import java.util.Optional;

/**
 * SubnGet and SubnSet of one SMP attribute at the SMA. {@link Sma} has already checked the versions and the method;
 * a handler checks whether the node supports the attribute (status 3) and the AttributeModifier (status 7), and
 * returns the GetResp data, or empty when no response is due.
 */
interface SmpAttributeHandler {
    Optional<SmpReply> get(SmpRequest request);

    /** A read-only attribute: SubnSet is not a supported method/attribute combination (status 3). */
    default Optional<SmpReply> set(SmpRequest request) {
        return SmpReply.unsupported(request);
    }
}
