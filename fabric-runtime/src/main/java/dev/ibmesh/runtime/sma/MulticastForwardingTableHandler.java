package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.MulticastForwardingTable;
import java.util.Collections;
import java.util.Optional;

/**
 * MulticastForwardingTable (IBA 14.2.5.12): switches with the optional multicast forwarding service only (a CA, or a
 * switch with MulticastFDBCap 0, answers status 3, ibsim {@code do_multicastforwtbl}). AttributeModifier bits 31-28
 * = position (ports position * 16 .. + 15), bits 8-0 = block of 32 MLIDs; bits 27-9 are reserved and ignored. Status
 * 7 when the position holds no port of the switch (position * 16 above NumPorts) or the block starts at or above
 * SwitchInfo.MulticastFDBCap (ibsim answers a zero block there instead).
 */
final class MulticastForwardingTableHandler implements SmpAttributeHandler {
    private static final int POSITION_SHIFT = 28;
    private static final int BLOCK_MASK = 0x1FF;

    private final boolean acceptBlocksBeyondCap;

    /** @param acceptBlocksBeyondCap deviation: blocks beyond MulticastFDBCap read as empty and take any Set */
    MulticastForwardingTableHandler(boolean acceptBlocksBeyondCap) {
        this.acceptBlocksBeyondCap = acceptBlocksBeyondCap;
    }

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw) || sw.switchInfo().multicastFdbCap() == 0) {
            return SmpReply.unsupported(request);
        }
        if (!exists(sw, request)) {
            return beyond(sw, request);
        }
        return SmpReply.ok(sw.multicastForwardingTable(block(request), position(request)));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!(request.node() instanceof SmaSwitch sw) || sw.switchInfo().multicastFdbCap() == 0) {
            return SmpReply.unsupported(request);
        }
        if (!exists(sw, request)) {
            return beyond(sw, request);
        }
        sw.setMulticastForwardingTable(
                block(request), position(request), MulticastForwardingTable.decode(request.data(), 0));
        return SmpReply.ok(sw.multicastForwardingTable(block(request), position(request)));
    }

    /** A block or position the table does not have: status 7, or with the deviation an empty block. */
    private Optional<SmpReply> beyond(SmaSwitch sw, SmpRequest request) {
        if (acceptBlocksBeyondCap && hasPosition(sw, request)) {
            return SmpReply.ok(
                    new MulticastForwardingTable(Collections.nCopies(MulticastForwardingTable.MLIDS_PER_BLOCK, 0)));
        }
        return SmpReply.invalid(request);
    }

    private static boolean exists(SmaSwitch sw, SmpRequest request) {
        return hasPosition(sw, request)
                && block(request) * MulticastForwardingTable.MLIDS_PER_BLOCK
                        < sw.switchInfo().multicastFdbCap();
    }

    private static boolean hasPosition(SmaSwitch sw, SmpRequest request) {
        return position(request) * MulticastForwardingTable.PORTS_PER_POSITION <= sw.numPorts();
    }

    private static int position(SmpRequest request) {
        return request.attributeModifier() >>> POSITION_SHIFT;
    }

    private static int block(SmpRequest request) {
        return request.attributeModifier() & BLOCK_MASK;
    }
}
