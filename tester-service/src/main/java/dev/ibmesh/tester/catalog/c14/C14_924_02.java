package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * P_KeyTable of the end port (IBA 14.2.5.7, C14-24): NodeInfo.PartitionCap P_Keys, 32 per block (AttributeModifier
 * bits 15-0; on a switch bits 31-16 name the port, 0 here). Every block that holds entries is answered; the first block
 * beyond PartitionCap is an invalid AttributeModifier, status 7 for SubnGet and SubnSet (C13-24); a SubnSet writes a
 * block, which the response and a SubnGet show.
 *
 * <p>ibmesh's own ID: the CTS procedure for P_KeyTable is not known publicly. The block written is block 0 with a
 * full-member P_Key in the last entry the port has (entry 31, or PartitionCap - 1 when the table is smaller: entries
 * past PartitionCap do not exist, so a write there is not kept); the others, the default P_Key in entry 0 among them,
 * stay as read, so the management traffic keeps its P_Key. A table of one entry has nothing to write. The block goes
 * back in the cleanup.
 */
@Cts(
        id = "C14_924_02",
        title = "P_KeyTable of the end port: blocks within PartitionCap, write and read back",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-924#02", "v1c14-924#03", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"drop-table-writes"})
public final class C14_924_02 extends AttributeProcedure {
    private static final String GET = "v1c14-924#02";
    private static final String SET = "v1c14-924#03";
    private static final String NAME = "P_KeyTable";
    /** The P_Key written: a full member of partition 0x0A5A. */
    private static final int WRITTEN = PKeyTable.FULL_MEMBER | 0x0A5A;

    @Override
    protected void execute() {
        int cap = nodeInfo().partitionCap();
        int blocks = (cap + PKeyTable.PKEYS_PER_BLOCK - 1) / PKeyTable.PKEYS_PER_BLOCK;
        step(1, "PARTITION_CAP = NodeInfo:PartitionCap = " + cap + ": blocks 0.." + (blocks - 1));
        for (int block = 0; block < blocks; block++) {
            status(GET, 0, get(2, GET, PKeyTable.ATTRIBUTE_ID, NAME, block));
        }
        status(STATUS_7, CODE_INVALID, get(4, GET, PKeyTable.ATTRIBUTE_ID, NAME, blocks));
        status(STATUS_7, CODE_INVALID, set(6, SET, PKeyTable.ATTRIBUTE_ID, NAME, blocks, new byte[0]));

        MadExchange get = get(8, GET, PKeyTable.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        PKeyTable read = PKeyTable.decode(get.smpData(), 0);
        int last = Math.min(cap, PKeyTable.PKEYS_PER_BLOCK) - 1;
        if (last < 1) {
            skip(
                    10,
                    13,
                    "PartitionCap " + cap + ": the only entry is the default P_Key, which management traffic needs");
            return;
        }
        List<Integer> keys = new ArrayList<>(read.pKeys());
        keys.set(last, read.pKey(last) == WRITTEN ? WRITTEN + 1 : WRITTEN);
        writeAndReadBack(10, SET, NAME, 0, read, new PKeyTable(keys), PKeyTable::decode);
    }
}
