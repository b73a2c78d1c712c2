package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import java.util.Optional;

/**
 * SwitchInfo (IBA 14.2.5.4): switches only (a CA answers status 3, ibsim {@code do_switchinfo}); AttributeModifier
 * must be 0 (status 7). SubnSet goes through {@link SwitchInfoSet} (or the rules a deviation gives): an invalid
 * component answers status 7 with SwitchInfo unchanged.
 */
final class SwitchInfoHandler implements SmpAttributeHandler {
    private final SwitchInfoRules rules;

    SwitchInfoHandler(SwitchInfoRules rules) {
        this.rules = rules;
    }

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw)) {
            return SmpReply.unsupported(request);
        }
        if (request.attributeModifier() != 0) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(sw.switchInfo());
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw)) {
            return SmpReply.unsupported(request);
        }
        if (request.attributeModifier() != 0) {
            return SmpReply.invalid(request);
        }
        SwitchContext context = new SwitchContext(
                sw.numPorts(), sw.portInfo(0).hasCapability(PortInfo.CAP_IS_MULTICAST_FDB_TOP_SUPPORTED));
        SetResult<SwitchInfo> result = rules.apply(sw.switchInfo(), SwitchInfo.decode(request.data(), 0), context);
        if (!result.isValid()) {
            return SmpReply.rejected(result, result.attribute());
        }
        sw.applySwitchInfo(result.attribute());
        return SmpReply.ok(sw.switchInfo());
    }
}
