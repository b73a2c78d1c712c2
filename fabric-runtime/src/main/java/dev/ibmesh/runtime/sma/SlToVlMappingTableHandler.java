package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import java.util.Optional;

/**
 * SLtoVLMappingTable (IBA 14.2.5.8). On a switch AttributeModifier bits 15-8 = input port and 7-0 = output port, each
 * 0..NumPorts (ibsim {@code do_sl2vl}); any other bit set, for instance opensm's "all ports" forms of optimized
 * SL-to-VL programming (bits 16 and 17), is status 7 here. A CA or router port has one table, that of the port the SMP
 * arrived on, and the modifier is ignored (qib {@code subn_get_sl_to_vl}, ibsim). A Set stores the table as written
 * and answers with it.
 */
final class SlToVlMappingTableHandler implements SmpAttributeHandler {
    private static final int PORT_MASK = 0xFF;
    private static final int IN_PORT_SHIFT = 8;
    private static final int PORT_PAIR_BITS = 0xFFFF;

    private record PortPair(int inPort, int outPort) {}

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        return locate(request)
                .map(p -> SmpReply.ok(request.node().slToVlMappingTable(p.inPort(), p.outPort())))
                .orElseGet(() -> SmpReply.invalid(request));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        Optional<PortPair> located = locate(request);
        if (located.isEmpty()) {
            return SmpReply.invalid(request);
        }
        PortPair p = located.get();
        request.node().setSlToVlMappingTable(p.inPort(), p.outPort(), SlToVlMappingTable.decode(request.data(), 0));
        return SmpReply.ok(request.node().slToVlMappingTable(p.inPort(), p.outPort()));
    }

    private static Optional<PortPair> locate(SmpRequest request) {
        if (!request.isSwitch()) {
            return Optional.of(new PortPair(0, request.ingressPort()));
        }
        int modifier = request.attributeModifier();
        int in = (modifier >>> IN_PORT_SHIFT) & PORT_MASK;
        int out = modifier & PORT_MASK;
        if ((modifier & ~PORT_PAIR_BITS) != 0 || !request.isPort(in) || !request.isPort(out)) {
            return Optional.empty();
        }
        return Optional.of(new PortPair(in, out));
    }
}
