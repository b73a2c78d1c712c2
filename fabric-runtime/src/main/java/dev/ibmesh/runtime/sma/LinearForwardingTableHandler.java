package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import java.util.Optional;

/**
 * LinearForwardingTable (IBA 14.2.5.10): switches only (a CA answers status 3, ibsim {@code do_linearforwtbl}).
 * AttributeModifier = block of 64 LIDs; a block that starts at or above SwitchInfo.LinearFDBCap is status 7 (ibsim
 * checks a fixed limit of its tables instead). A Set stores the block as written and answers with it.
 */
final class LinearForwardingTableHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw)) {
            return SmpReply.unsupported(request);
        }
        if (!exists(sw, request.attributeModifier())) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(sw.linearForwardingTable(request.attributeModifier()));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw)) {
            return SmpReply.unsupported(request);
        }
        int block = request.attributeModifier();
        if (!exists(sw, block)) {
            return SmpReply.invalid(request);
        }
        sw.setLinearForwardingTable(block, LinearForwardingTable.decode(request.data(), 0));
        return SmpReply.ok(sw.linearForwardingTable(block));
    }

    private static boolean exists(SmaSwitch sw, int block) {
        long firstLid = Integer.toUnsignedLong(block) * LinearForwardingTable.LIDS_PER_BLOCK;
        return firstLid < sw.switchInfo().linearFdbCap();
    }
}
