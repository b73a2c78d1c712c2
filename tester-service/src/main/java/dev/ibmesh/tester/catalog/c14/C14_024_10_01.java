package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 24.1.5.13.1 LinearForwardingTable, unsupported attribute (IBA 14.2.5.10): a switch without a linear forwarding
 * table (SwitchInfo.LinearFDBCap = 0, it forwards by a random table) answers SubnGet and SubnSet of it with status 3
 * (C14-3). A switch with one does not support the blocks beyond its LinearFDBCap entries: the last block that holds
 * an entry is answered, the first block beyond is an invalid AttributeModifier, status 7 for SubnGet and SubnSet
 * (C13-24).
 *
 * <p>The CTS text of this procedure is not public; its title is. The steps are ibmesh's; the second case is ibmesh's
 * reading of "unsupported" for a switch that has the table, so that the procedure checks something on every switch.
 */
@Cts(
        id = "C14_024_10_01",
        section = "24.1.5.13.1",
        title = "LinearForwardingTable, unsupported attribute",
        coverage = {"v1c14-024.1.1", "v1c14-031", "v1c13-024"},
        assertions = {"v1c14-024.1.1#10.01", "v1c14-031#01", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"accept-fdb-blocks-beyond-cap"})
public final class C14_024_10_01 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#10.01";
    private static final String NAME = "LinearForwardingTable";

    @Override
    protected void execute() {
        SwitchInfo info = switchInfo(1);
        int cap = info.linearFdbCap();
        step(3, "LINEAR_FDB_CAP = " + cap);
        if (cap == 0) {
            unsupported(4, LinearForwardingTable.ATTRIBUTE_ID, NAME, 0);
            return;
        }
        int blocks = (cap + LinearForwardingTable.LIDS_PER_BLOCK - 1) / LinearForwardingTable.LIDS_PER_BLOCK;
        note("blocks 0.." + (blocks - 1) + " hold LIDs 0.." + (cap - 1));
        MadExchange last = get(4, GET, LinearForwardingTable.ATTRIBUTE_ID, NAME, blocks - 1);
        status(GET, 0, last);
        MadExchange beyond = get(6, GET, LinearForwardingTable.ATTRIBUTE_ID, NAME, blocks);
        status(STATUS_7, CODE_INVALID, beyond);
        MadExchange set = set(8, GET, LinearForwardingTable.ATTRIBUTE_ID, NAME, blocks, new byte[0]);
        status(STATUS_7, CODE_INVALID, set);
    }
}
