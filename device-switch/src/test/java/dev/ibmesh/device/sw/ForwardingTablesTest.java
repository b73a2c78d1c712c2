package dev.ibmesh.device.sw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Capacities that are not whole blocks: the last block holds entries the tables do not have. */
class ForwardingTablesTest {
    /** 1000 LIDs: block 15 holds LIDs 960-1023, of which 1000-1023 are beyond LinearFDBCap. */
    private final ForwardingTables tables = new ForwardingTables(1000, 1000, 8);

    @Test
    void theLastLinearBlockReadsLidsBeyondTheCapAsNoRouteAndIgnoresWritesToThem() {
        tables.setLftBlock(15, new LinearForwardingTable(Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, 3)));
        LinearForwardingTable block = tables.lftBlock(15);
        assertEquals(3, block.port(999 - 960));
        assertEquals(ForwardingTables.NO_ROUTE, block.port(1000 - 960));
        assertEquals(ForwardingTables.NO_ROUTE, block.port(63));
        tables.linearFdbTop(999);
        assertEquals(3, tables.route(999));
        assertEquals(ForwardingTables.NO_ROUTE, tables.route(1000));
    }

    @Test
    void theLastMulticastBlockReadsMlidsBeyondTheCapAsNoPortsAndIgnoresWritesToThem() {
        tables.setMftBlock(
                31,
                0,
                new MulticastForwardingTable(Collections.nCopies(MulticastForwardingTable.MLIDS_PER_BLOCK, 0x6)));
        MulticastForwardingTable block = tables.mftBlock(31, 0);
        assertEquals(0x6, block.portMask(999 - 992));
        assertEquals(0, block.portMask(1000 - 992));
        assertTrue(tables.inMulticastGroup(0xC000 + 999, 2));
        assertFalse(tables.inMulticastGroup(0xC000 + 1000, 2));
    }
}
