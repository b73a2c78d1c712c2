package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PKeyTable;
import java.util.Optional;

/**
 * P_KeyTable (IBA 14.2.5.7). AttributeModifier bits 15-0 = block of 32 P_Keys. On a switch bits 31-16 = port: 0 is
 * the end port, with NodeInfo.PartitionCap entries; an external port has SwitchInfo.PartitionEnforcementCap
 * entries. A CA uses the port the SMP arrived on and NodeInfo.PartitionCap (ibsim {@code do_pkeytbl}, qib
 * {@code subn_get_pkeytable}). A port above NumPorts or a block that starts at or above the table's size is status 7
 * (ibsim). A Set stores the block as written (P_Key enforcement reads it) and answers with it.
 */
final class PKeyTableHandler implements SmpAttributeHandler {
    private static final int BLOCK_MASK = 0xFFFF;
    private static final int PORT_SHIFT = 16;

    private record Block(int port, int block) {}

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        return locate(request)
                .map(b -> SmpReply.ok(request.node().pKeyTable(b.port(), b.block())))
                .orElseGet(() -> SmpReply.invalid(request));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        Optional<Block> located = locate(request);
        if (located.isEmpty()) {
            return SmpReply.invalid(request);
        }
        Block b = located.get();
        request.node().setPKeyTable(b.port(), b.block(), PKeyTable.decode(request.data(), 0));
        return SmpReply.ok(request.node().pKeyTable(b.port(), b.block()));
    }

    private static Optional<Block> locate(SmpRequest request) {
        int block = request.attributeModifier() & BLOCK_MASK;
        int port = request.isSwitch() ? request.attributeModifier() >>> PORT_SHIFT : request.ingressPort();
        if (!request.isPort(port)) {
            return Optional.empty();
        }
        int entries = request.node() instanceof SmaSwitch sw && port != 0
                ? sw.switchInfo().partitionEnforcementCap()
                : request.node().partitionCap();
        return block * PKeyTable.PKEYS_PER_BLOCK < entries ? Optional.of(new Block(port, block)) : Optional.empty();
    }
}
