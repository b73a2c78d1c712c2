package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SmInfo;
import java.util.Optional;

/**
 * SMInfo (IBA 14.2.5.13) belongs to the SM, not the SMA. When an SM runs on the node it answers SubnGet and carries
 * out SubnSet, whose AttributeModifier is the control packet 1-5 (Handover .. Discover; another value is status 7).
 * A node without one answers as Linux does (qib, mlx4 and pib {@code process_subn}): nothing at all when its end port
 * advertises CapabilityMask.IsSMdisabled, otherwise status 3. (ibsim drops SMInfo when no SM client is attached.)
 */
final class SmInfoHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        Optional<SmInfo> sm = request.node().smInfo();
        if (sm.isEmpty()) {
            return withoutSm(request);
        }
        return SmpReply.ok(sm.get());
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (request.node().smInfo().isEmpty()) {
            return withoutSm(request);
        }
        int control = request.attributeModifier();
        if (control < SmInfo.HANDOVER || control > SmInfo.DISCOVER) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(request.node().controlSm(control, SmInfo.decode(request.data(), 0)));
    }

    private static Optional<SmpReply> withoutSm(SmpRequest request) {
        if (request.endPortInfo().hasCapability(PortInfo.CAP_IS_SM_DISABLED)) {
            return Optional.empty();
        }
        return SmpReply.unsupported(request);
    }
}
