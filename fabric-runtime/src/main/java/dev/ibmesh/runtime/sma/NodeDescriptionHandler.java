package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.Optional;

/**
 * NodeDescription (IBA 14.2.5.2). AttributeModifier must be 0, otherwise status 7 (qib
 * {@code subn_get_nodedescription}). Read-only (SubnSet: status 3) unless the end port advertises
 * CapabilityMask2.IsSetNodeDescriptionSupported, which is only valid with CapabilityMask.IsCapabilityMask2Supported.
 */
final class NodeDescriptionHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (request.attributeModifier() != 0) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(request.node().nodeDescription());
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        PortInfo endPort = request.endPortInfo();
        if (!endPort.hasCapability(PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED)
                || !endPort.hasCapability2(PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED)) {
            return SmpReply.unsupported(request);
        }
        if (request.attributeModifier() != 0) {
            return SmpReply.invalid(request);
        }
        request.node().setNodeDescription(NodeDescription.decode(request.data(), 0));
        return get(request);
    }
}
