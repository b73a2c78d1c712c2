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
 * 24.1.5.13.3 LinearForwardingTable, supported, invalid switch ports (IBA 14.2.5.10, C14-24, C13-24): a SubnSet of a
 * block with an entry that names a port the switch does not have (above NumPorts, not 0xFF) is rejected with status 7
 * and changes nothing; the entry of LID 0, which no packet may carry (a reserved LID), is ignored, so an invalid port
 * there does not make the Set invalid.
 *
 * <p>The CTS text of this procedure is not public; its title ("invalid switch ports, LID 0 entry ignored") is. The
 * steps are ibmesh's reading of it [unverified]: status 7 for an invalid port, as for the illegal values of the other
 * read-write attributes. The entries compared are those of LIDs 1-63; block 0 goes back in the cleanup.
 */
@Cts(
        id = "C14_024_10_03",
        section = "24.1.5.13.3",
        title = "LinearForwardingTable, supported, invalid switch ports (LID 0 entry ignored)",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#10.01", "v1c14-024.1.1#10.03", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"SwitchInfo:LinearFDBCap > 3"},
        provenBy = {"accept-invalid-lft-ports"})
public final class C14_024_10_03 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#10.01";
    private static final String SET = "v1c14-024.1.1#10.03";
    private static final String NAME = "LinearForwardingTable";
    /** The LID whose entry the procedure makes invalid: the first one the bench's routes do not use. */
    private static final int LID = 3;
    /** The highest port number that is not 0xFF (no route). */
    private static final int HIGHEST_PORT_NUMBER = 0xFE;

    private List<Integer> lids1to63;

    @Override
    protected void execute() {
        SwitchInfo info = switchInfo(1);
        int numPorts = nodeInfo().numPorts();
        step(3, "NUM_PORTS = " + numPorts + ", LINEAR_FDB_CAP = " + info.linearFdbCap());
        if (info.linearFdbCap() <= LID) {
            notApplicable("SwitchInfo:LinearFDBCap = " + info.linearFdbCap() + ": no entry for LID " + LID);
        }
        MadExchange get = get(4, GET, LinearForwardingTable.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        LinearForwardingTable read = LinearForwardingTable.decode(get.smpData(), 0);
        lids1to63 = read.ports().subList(1, LinearForwardingTable.LIDS_PER_BLOCK);
        restoreLater(LinearForwardingTable.ATTRIBUTE_ID, 0, read.toBytes());

        MadExchange lid0 = set(
                6,
                SET,
                LinearForwardingTable.ATTRIBUTE_ID,
                NAME,
                0,
                "Port[0] = " + (numPorts + 1) + " (no port of the switch, in LID 0's entry: ignored)",
                with(read, 0, numPorts + 1));
        status(SET, 0, lid0);
        lidsUnchanged(lid0);
        lidsUnchanged(get(8, SET, LinearForwardingTable.ATTRIBUTE_ID, NAME, 0));

        int step = 10;
        for (int invalid : new int[] {numPorts + 1, HIGHEST_PORT_NUMBER}) {
            if (invalid == HIGHEST_PORT_NUMBER && numPorts + 1 == HIGHEST_PORT_NUMBER) {
                break;
            }
            MadExchange set = set(
                    step,
                    SET,
                    LinearForwardingTable.ATTRIBUTE_ID,
                    NAME,
                    0,
                    "Port[" + LID + "] = " + invalid + " (no port of the switch)",
                    with(read, LID, invalid));
            status(STATUS_7, CODE_INVALID, set);
            lidsUnchanged(get(step + 2, SET, LinearForwardingTable.ATTRIBUTE_ID, NAME, 0));
            step += 4;
        }
    }

    /** Verify the entries of LIDs 1-63 are as read in step 5. */
    private void lidsUnchanged(MadExchange x) {
        status(SET, 0, x);
        check(
                SET,
                "SMPData.Port[1..63]",
                lids1to63,
                LinearForwardingTable.decode(x.smpData(), 0).ports().subList(1, LinearForwardingTable.LIDS_PER_BLOCK));
    }

    private static byte[] with(LinearForwardingTable block, int entry, int port) {
        List<Integer> ports = new ArrayList<>(block.ports());
        ports.set(entry, port);
        return new LinearForwardingTable(ports).toBytes();
    }
}
