package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * 24.1.5.15.1/.2 MulticastForwardingTable, supported or unsupported (IBA 14.2.5.12): a switch whose
 * SwitchInfo.MulticastFDBCap is 0 does not offer the optional multicast forwarding service, so SubnGet and SubnSet of
 * the table are answered with status 3 (C14-3). A switch that offers it answers every block that holds MLIDs below
 * 0xC000 + MulticastFDBCap, at every position (16 ports each) that holds a port; the first block beyond and the first
 * position beyond are invalid AttributeModifiers, status 7 (C13-24); a SubnSet writes a block's port masks, which the
 * response and a SubnGet show (C14-24).
 *
 * <p>The CTS text of this procedure is not public; its title and its two sub-cases are. The steps are ibmesh's. The
 * masks written (block 0, position 0) are each MLID's own pattern of the switch's ports; the block goes back in the
 * cleanup.
 */
@Cts(
        id = "C14_024_12",
        section = "24.1.5.15.1",
        title = "MulticastForwardingTable, supported and unsupported",
        coverage = {"v1c14-024.1.1", "v1c14-031", "v1c13-024"},
        assertions = {"v1c14-024.1.1#12.01", "v1c14-024.1.1#12.02", "v1c14-031#01", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"accept-fdb-blocks-beyond-cap"})
public final class C14_024_12 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#12.01";
    private static final String SET = "v1c14-024.1.1#12.02";
    private static final String NAME = "MulticastForwardingTable";
    private static final int POSITION_SHIFT = 28;

    @Override
    protected void execute() {
        SwitchInfo info = switchInfo(1);
        int cap = info.multicastFdbCap();
        int numPorts = nodeInfo().numPorts();
        step(3, "MULTICAST_FDB_CAP = " + cap + ", NUM_PORTS = " + numPorts);
        if (cap == 0) {
            unsupported(4, MulticastForwardingTable.ATTRIBUTE_ID, NAME, 0);
            return;
        }
        int blocks = (cap + MulticastForwardingTable.MLIDS_PER_BLOCK - 1) / MulticastForwardingTable.MLIDS_PER_BLOCK;
        int positions = numPorts / MulticastForwardingTable.PORTS_PER_POSITION + 1;
        for (int position = 0; position < positions; position++) {
            status(GET, 0, get(4, GET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, modifier(position, 0)));
            status(GET, 0, get(4, GET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, modifier(position, blocks - 1)));
        }
        int beyondBlock = modifier(0, blocks);
        status(STATUS_7, CODE_INVALID, get(6, GET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, beyondBlock));
        status(
                STATUS_7,
                CODE_INVALID,
                set(8, SET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, beyondBlock, new byte[0]));
        int beyondPosition = modifier(positions, 0);
        status(STATUS_7, CODE_INVALID, get(10, GET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, beyondPosition));

        MadExchange get = get(12, GET, MulticastForwardingTable.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        MulticastForwardingTable read = MulticastForwardingTable.decode(get.smpData(), 0);
        int ports = (1 << Math.min(numPorts + 1, MulticastForwardingTable.PORTS_PER_POSITION)) - 1;
        List<Integer> masks = new ArrayList<>();
        for (int i = 0; i < MulticastForwardingTable.MLIDS_PER_BLOCK; i++) {
            masks.add((read.portMask(i) ^ (i + 1)) & ports);
        }
        writeAndReadBack(14, SET, NAME, 0, read, new MulticastForwardingTable(masks), MulticastForwardingTable::decode);
    }

    private static int modifier(int position, int block) {
        return position << POSITION_SHIFT | block;
    }
}
