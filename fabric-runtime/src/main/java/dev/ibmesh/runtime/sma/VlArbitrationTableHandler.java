package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.Optional;

/**
 * VLArbitrationTable (IBA 14.2.5.9). AttributeModifier bits 31-16 = part: 1 low-priority entries 0-31, 2 high 0-31,
 * 3 low 32-63, 4 high 32-63; bits 15-0 = port on a switch (0..NumPorts); a CA uses the port the SMP arrived on (qib
 * {@code subn_get_vl_arb}, ibsim {@code do_vlarb}). Status 7 for another part, a port above NumPorts, or a part the
 * port's table does not have: PortInfo.VLArbitrationLowCap / HighCap entries, so parts 1 and 2 need a capacity above
 * 0 and parts 3 and 4 one above 32 (ibsim). A Set stores the part as written and answers with it.
 */
final class VlArbitrationTableHandler implements SmpAttributeHandler {
    private static final int PORT_MASK = 0xFFFF;
    private static final int PART_SHIFT = 16;

    private record Part(int port, int part) {}

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        return locate(request)
                .map(p -> SmpReply.ok(request.node().vlArbitrationTable(p.port(), p.part())))
                .orElseGet(() -> SmpReply.invalid(request));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        Optional<Part> located = locate(request);
        if (located.isEmpty()) {
            return SmpReply.invalid(request);
        }
        Part p = located.get();
        request.node().setVlArbitrationTable(p.port(), p.part(), VlArbitrationTable.decode(request.data(), 0));
        return SmpReply.ok(request.node().vlArbitrationTable(p.port(), p.part()));
    }

    private static Optional<Part> locate(SmpRequest request) {
        int part = request.attributeModifier() >>> PART_SHIFT;
        int port = request.isSwitch() ? request.attributeModifier() & PORT_MASK : request.ingressPort();
        if (part < VlArbitrationTable.PART_LOW_0_31
                || part > VlArbitrationTable.PART_HIGH_32_63
                || !request.isPort(port)) {
            return Optional.empty();
        }
        PortInfo portInfo = request.node().portInfo(port);
        boolean high = part == VlArbitrationTable.PART_HIGH_0_31 || part == VlArbitrationTable.PART_HIGH_32_63;
        int capacity = high ? portInfo.vlArbitrationHighCap() : portInfo.vlArbitrationLowCap();
        int firstEntry = part >= VlArbitrationTable.PART_LOW_32_63 ? VlArbitrationTable.ENTRIES_PER_BLOCK : 0;
        return capacity > firstEntry ? Optional.of(new Part(port, part)) : Optional.empty();
    }
}
