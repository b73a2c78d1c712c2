package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import java.util.Collections;
import java.util.Optional;

/**
 * LinearForwardingTable (IBA 14.2.5.10): switches with a linear table only (a CA, or a switch with LinearFDBCap 0,
 * answers status 3, ibsim {@code do_linearforwtbl}). AttributeModifier = block of 64 LIDs; a block that starts at or
 * above SwitchInfo.LinearFDBCap is status 7 (ibsim checks a fixed limit of its tables instead). A Set stores the block
 * as written and answers with it, unless an entry names a port the switch does not have (0..NumPorts and 0xFF, no
 * route, are ports): then the whole block is rejected with status 7 and the table is unchanged (C13-24). The entry of
 * LID 0, a LID no packet may carry, is ignored in that check. [unverified] Our reading of what conformance procedure
 * C14_024_10_03 ("invalid switch ports, LID 0 entry ignored") expects; the spec's text is not known to us.
 */
final class LinearForwardingTableHandler implements SmpAttributeHandler {
    private final boolean acceptBlocksBeyondCap;
    private final boolean acceptInvalidPorts;

    /**
     * @param acceptBlocksBeyondCap deviation: blocks beyond LinearFDBCap read as no routes and take any Set
     * @param acceptInvalidPorts    deviation: a Set stores entries that name no port of the switch
     */
    LinearForwardingTableHandler(boolean acceptBlocksBeyondCap, boolean acceptInvalidPorts) {
        this.acceptBlocksBeyondCap = acceptBlocksBeyondCap;
        this.acceptInvalidPorts = acceptInvalidPorts;
    }

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw) || sw.switchInfo().linearFdbCap() == 0) {
            return SmpReply.unsupported(request);
        }
        int block = request.attributeModifier();
        if (!exists(sw, block)) {
            return acceptBlocksBeyondCap ? SmpReply.ok(noRoutes()) : SmpReply.invalid(request);
        }
        return SmpReply.ok(sw.linearForwardingTable(block));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw) || sw.switchInfo().linearFdbCap() == 0) {
            return SmpReply.unsupported(request);
        }
        int block = request.attributeModifier();
        if (!exists(sw, block)) {
            return acceptBlocksBeyondCap ? SmpReply.ok(noRoutes()) : SmpReply.invalid(request);
        }
        LinearForwardingTable table = LinearForwardingTable.decode(request.data(), 0);
        if (!acceptInvalidPorts && namesAnotherPort(sw, block, table)) {
            LinearForwardingTable current = sw.linearForwardingTable(block);
            return SmpReply.rejected(SetResult.invalid(current, "an entry names no port of the switch"), current);
        }
        sw.setLinearForwardingTable(block, table);
        return SmpReply.ok(sw.linearForwardingTable(block));
    }

    private static boolean exists(SmaSwitch sw, int block) {
        long firstLid = Integer.toUnsignedLong(block) * LinearForwardingTable.LIDS_PER_BLOCK;
        return firstLid < sw.switchInfo().linearFdbCap();
    }

    /** Whether an entry other than LID 0's names a port that is neither 0..NumPorts nor 0xFF. */
    private static boolean namesAnotherPort(SmaSwitch sw, int block, LinearForwardingTable table) {
        for (int i = block == 0 ? 1 : 0; i < LinearForwardingTable.LIDS_PER_BLOCK; i++) {
            int port = table.port(i);
            if (port > sw.numPorts() && port != LinearForwardingTable.NO_PATH) {
                return true;
            }
        }
        return false;
    }

    private static LinearForwardingTable noRoutes() {
        return new LinearForwardingTable(
                Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, LinearForwardingTable.NO_PATH));
    }
}
