package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 24.1.5.14.1 RandomForwardingTable, supported or unsupported (IBA 14.2.5.11): a switch whose SwitchInfo.RandomFDBCap
 * is 0 has no random forwarding table, so SubnGet and SubnSet of it are answered with status 3 (C14-3). A switch with
 * one answers its first block, and the first block beyond its RandomFDBCap entries (16 per block) is an invalid
 * AttributeModifier, status 7 (C13-24).
 *
 * <p>The CTS text of this procedure is not public; its title is. The steps are ibmesh's.
 */
@Cts(
        id = "C14_024_11",
        section = "24.1.5.14.1",
        title = "RandomForwardingTable, supported and unsupported",
        coverage = {"v1c14-024.1.1", "v1c14-031", "v1c13-024"},
        assertions = {"v1c14-024.1.1#11.01", "v1c14-031#01", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"answer-unsupported-attributes"})
public final class C14_024_11 extends AttributeProcedure {
    /** RandomForwardingTable's AttributeID (IBA 14.2.5.11). */
    static final int ATTRIBUTE_ID = 0x001A;

    private static final String GET = "v1c14-024.1.1#11.01";
    private static final String NAME = "RandomForwardingTable";
    /** LID/port entries per block. */
    private static final int ENTRIES_PER_BLOCK = 16;

    @Override
    protected void execute() {
        SwitchInfo info = switchInfo(1);
        int cap = info.randomFdbCap();
        step(3, "RANDOM_FDB_CAP = " + cap);
        if (cap == 0) {
            unsupported(4, ATTRIBUTE_ID, NAME, 0);
            return;
        }
        status(GET, 0, get(4, GET, ATTRIBUTE_ID, NAME, 0));
        int blocks = (cap + ENTRIES_PER_BLOCK - 1) / ENTRIES_PER_BLOCK;
        status(STATUS_7, CODE_INVALID, get(6, GET, ATTRIBUTE_ID, NAME, blocks));
    }
}
