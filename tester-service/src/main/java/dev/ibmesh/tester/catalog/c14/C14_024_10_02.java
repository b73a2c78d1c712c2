package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * 24.1.5.13.2 LinearForwardingTable, supported, valid switch ports (IBA 14.2.5.10, C14-24): every entry of a block
 * names a port of the switch (0..NumPorts) or 0xFF, no route; a SubnSet of a block whose entries are valid ports, each
 * of them and 0xFF in turn, is taken, and the response and a SubnGet show it.
 *
 * <p>The CTS text of this procedure is not public; its title is. The steps are ibmesh's. The block written is block 1
 * (LIDs 64-127), which the bench's routes do not use; on a switch with a single block, block 0 with the entries of
 * LIDs 0-2 (LID 0, the tester's and the DUT's) kept. The block goes back in the cleanup.
 */
@Cts(
        id = "C14_024_10_02",
        section = "24.1.5.13.2",
        title = "LinearForwardingTable, supported, valid switch ports",
        coverage = {"v1c14-024.1.1"},
        assertions = {"v1c14-024.1.1#10.01", "v1c14-024.1.1#10.02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"SwitchInfo:LinearFDBCap > 0"},
        provenBy = {"drop-table-writes"})
public final class C14_024_10_02 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#10.01";
    private static final String SET = "v1c14-024.1.1#10.02";
    private static final String NAME = "LinearForwardingTable";
    /** On block 0, the entries the bench's routes use: LID 0, the tester's LID 1 and the DUT's LID 2. */
    private static final int KEPT = 3;

    @Override
    protected void execute() {
        SwitchInfo info = switchInfo(1);
        int numPorts = nodeInfo().numPorts();
        step(3, "NUM_PORTS = " + numPorts + ", LINEAR_FDB_CAP = " + info.linearFdbCap());
        if (info.linearFdbCap() == 0) {
            notApplicable("SwitchInfo:LinearFDBCap = 0: no linear forwarding table");
        }
        int block = info.linearFdbCap() > LinearForwardingTable.LIDS_PER_BLOCK ? 1 : 0;
        MadExchange get = get(4, GET, LinearForwardingTable.ATTRIBUTE_ID, NAME, block);
        status(GET, 0, get);
        LinearForwardingTable read = LinearForwardingTable.decode(get.smpData(), 0);
        for (int i = 0; i < LinearForwardingTable.LIDS_PER_BLOCK; i++) {
            int port = read.port(i);
            checkThat(
                    GET,
                    "SMPData.Port[" + (block * LinearForwardingTable.LIDS_PER_BLOCK + i) + "]",
                    port <= numPorts || port == LinearForwardingTable.NO_PATH,
                    "0.." + numPorts + " or 0xFF",
                    String.valueOf(port));
        }
        List<Integer> ports = new ArrayList<>(read.ports());
        for (int i = block == 0 ? KEPT : 0; i < LinearForwardingTable.LIDS_PER_BLOCK; i++) {
            int valid = i % (numPorts + 2);
            ports.set(i, valid <= numPorts ? valid : LinearForwardingTable.NO_PATH);
        }
        writeAndReadBack(6, SET, NAME, block, read, new LinearForwardingTable(ports), LinearForwardingTable::decode);
    }
}
