package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.smp.NodeInfo;
import java.util.Optional;

/**
 * NodeInfo (IBA 14.2.5.3), read-only: SubnSet answers status 3 (Linux qib and mlx4 {@code process_subn}).
 * AttributeModifier must be 0, otherwise status 7 (qib {@code subn_get_nodeinfo}).
 *
 * <p>LocalPortNum is the port the SMP arrived on and PortGUID that port's GUID; a switch has one end port, port 0,
 * so it reports port 0's GUID whichever port the SMP came in on (IBA 14.2.5.3; ibsim {@code do_nodeinfo} reports the
 * switch's GUID and the ingress port number).
 */
final class NodeInfoHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (request.attributeModifier() != 0) {
            return SmpReply.invalid(request);
        }
        SmaNode node = request.node();
        return SmpReply.ok(new NodeInfo(
                MadHeader.BASE_VERSION,
                Sma.CLASS_VERSION,
                node.nodeType(),
                node.numPorts(),
                node.systemImageGuid(),
                node.nodeGuid(),
                node.portGuid(request.endPort()),
                node.partitionCap(),
                node.deviceId(),
                node.revision(),
                request.ingressPort(),
                node.vendorId()));
    }
}
