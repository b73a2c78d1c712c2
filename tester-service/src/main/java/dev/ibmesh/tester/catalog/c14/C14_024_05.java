package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * 24.1.5.3.1 SMA attribute GUIDInfo (IBA 14.2.5.5, C14-24): the end port's GUIDs, 8 per block (AttributeModifier =
 * block, 0..31). PortInfo.GUIDCap says how many entries the port has: GUID index 0 is the port GUID and read-only; the
 * other entries below GUIDCap are read-write; entries at or above GUIDCap are ignored on write and read back as zero.
 *
 * <p>The CTS text of this procedure is not public; its title and coverage are. The steps are ibmesh's. A block that
 * lies wholly at or above GUIDCap may be answered either way devices do: status 7 (an invalid AttributeModifier, as
 * Linux qib answers) or a block of zeros. The SubnSet of block 0 writes another GUID into index 0 and a GUID into
 * every other entry; the response and a SubnGet must show the port GUID at index 0, the GUIDs written below GUIDCap and
 * zeros above it. Block 0 goes back in the cleanup.
 */
@Cts(
        id = "C14_024_05",
        section = "24.1.5.3.1",
        title = "SMA attribute GUIDInfo",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#05.01", "v1c14-024.1.1#05.02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"echo-set-data"})
public final class C14_024_05 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#05.01";
    private static final String SET = "v1c14-024.1.1#05.02";
    private static final String NAME = "GUIDInfo";
    /** AttributeModifier 0..31: 32 blocks of 8, the most a GUIDCap of 8 bits can ask for. */
    private static final int BLOCKS = 32;
    /** The GUIDs the procedure writes: this base plus the entry's index. */
    private static final long WRITTEN_BASE = 0x0002_C9FF_FE24_0500L;

    private int guidCap;
    private long portGuid;

    @Override
    protected void execute() {
        MadExchange portInfo = get(1, GET, PortInfo.ATTRIBUTE_ID, "PortInfo", endPort());
        status(GET, 0, portInfo);
        guidCap = PortInfo.decode(portInfo.smpData(), 0).guidCap();
        portGuid = nodeInfo().portGuid();
        step(3, "GUID_CAP = " + guidCap + "; PORT_GUID = NodeInfo:PortGUID = " + guidHex(portGuid));
        checkThat(GET, "PortInfo:GUIDCap", guidCap >= 1, ">= 1 (index 0 is the port GUID)", String.valueOf(guidCap));

        GuidInfo block0 = null;
        for (int block = 0; block < BLOCKS; block++) {
            GuidInfo read = verifyBlock(block, get(4 + 2 * block, GET, GuidInfo.ATTRIBUTE_ID, NAME, block));
            if (block == 0) {
                block0 = read;
            }
        }

        restoreLater(GuidInfo.ATTRIBUTE_ID, 0, block0.toBytes());
        List<Long> written = new ArrayList<>();
        for (int i = 0; i < GuidInfo.GUIDS_PER_BLOCK; i++) {
            written.add(i == 0 ? ~portGuid : WRITTEN_BASE + i);
        }
        MadExchange set = set(68, SET, GuidInfo.ATTRIBUTE_ID, NAME, 0, new GuidInfo(written).toBytes());
        status(SET, 0, set);
        check(SET, "SMPData (GUIDInfo block 0 as it now is)", expected(written), guids(set));
        MadExchange after = get(70, SET, GuidInfo.ATTRIBUTE_ID, NAME, 0);
        status(SET, 0, after);
        check(SET, "SMPData (GUIDInfo block 0 read back)", expected(written), guids(after));
    }

    /** A block below GUIDCap: status 0, the port GUID at index 0, zeros from GUIDCap on; one above it: 7 or zeros. */
    private GuidInfo verifyBlock(int block, MadExchange get) {
        int first = block * GuidInfo.GUIDS_PER_BLOCK;
        if (first >= guidCap && get.statusCode() == CODE_INVALID) {
            note("block " + block + " is at or above GUIDCap: status 7");
            return null;
        }
        status(GET, 0, get);
        GuidInfo read = GuidInfo.decode(get.smpData(), 0);
        for (int i = 0; i < GuidInfo.GUIDS_PER_BLOCK; i++) {
            int index = first + i;
            if (index == 0) {
                check(
                        GET,
                        "SMPData.GUID[0] (the port GUID)",
                        guidHex(portGuid),
                        guidHex(read.guids().get(0)));
            } else if (index >= guidCap) {
                check(
                        GET,
                        "SMPData.GUID[" + index + "] (at or above GUIDCap)",
                        guidHex(0),
                        guidHex(read.guids().get(i)));
            }
        }
        return read;
    }

    /** Block 0 after the Set of {@code written}: the port GUID, the entries below GUIDCap written, zeros above. */
    private List<String> expected(List<Long> written) {
        List<String> guids = new ArrayList<>();
        for (int i = 0; i < GuidInfo.GUIDS_PER_BLOCK; i++) {
            guids.add(guidHex(i == 0 ? portGuid : i < guidCap ? written.get(i) : 0));
        }
        return guids;
    }

    private static List<String> guids(MadExchange x) {
        return GuidInfo.decode(x.smpData(), 0).guids().stream()
                .map(C14_024_05::guidHex)
                .toList();
    }

    private static String guidHex(long guid) {
        return String.format("0x%016x", guid);
    }
}
