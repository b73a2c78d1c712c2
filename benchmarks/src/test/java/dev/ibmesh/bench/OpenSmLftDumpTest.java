package dev.ibmesh.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An OpenSM LFT dump read against its net file: leaves, uplinks and CA LIDs found, spines left out. */
class OpenSmLftDumpTest {
    /** Two spines, two leaves of two CAs each, as `ibmesh topology fat-tree --format net` writes it. */
    private static final List<String> NET = List.of(
            "switchguid=0x10(10)",
            "Switch\t2 \"spine1\"\t\t# \"s1\" enhanced port 0 lid 0 lmc 0",
            "[1]\t\"leaf1\"[3]\tw=3 s=7 e=0",
            "[2]\t\"leaf2\"[3]\tw=3 s=7 e=0",
            "",
            "switchguid=0x20(20)",
            "Switch\t2 \"spine2\"",
            "[1]\t\"leaf1\"[4]",
            "[2]\t\"leaf2\"[4]",
            "",
            "switchguid=0x30(30)",
            "Switch\t4 \"leaf1\"",
            "[1]\t\"h1\"[1](101) \tw=3 s=7 e=0\t\t# \"ibmesh hca h1\" lid 0 4xQDR",
            "[2]\t\"h2\"[1](201) ",
            "[3]\t\"spine1\"[1]",
            "[4]\t\"spine2\"[1]",
            "",
            "switchguid=0x40(40)",
            "Switch\t4 \"leaf2\"",
            "[1]\t\"h3\"[1](301) ",
            "[2]\t\"h4\"[1](401) ",
            "[3]\t\"spine1\"[2]",
            "[4]\t\"spine2\"[2]",
            "",
            "Ca\t1 \"h1\"",
            "[1](101) \t\"leaf1\"[1]",
            "Ca\t1 \"h2\"",
            "[1](201) \t\"leaf1\"[2]",
            "Ca\t1 \"h3\"",
            "[1](301) \t\"leaf2\"[1]",
            "Ca\t1 \"h4\"",
            "[1](401) \t\"leaf2\"[2]");

    /** Leaf1 sends both CA LIDs of leaf2 up port 3 (spread 2); leaf2 splits leaf1's over 3 and 4. */
    private static final List<String> DUMP = List.of(
            "Unicast lids [0-6] of switch Lid 6 guid 0x0000000000000010 ('s1'):",
            "0x0001 001 # Channel Adapter portguid 0x0000000000000101: 'h1'",
            "0x0002 001 # Channel Adapter portguid 0x0000000000000201: 'h2'",
            "0x0003 002 # Channel Adapter portguid 0x0000000000000301: 'h3'",
            "0x0004 002 # Channel Adapter portguid 0x0000000000000401: 'h4'",
            "0x0006 000 # Switch portguid 0x0000000000000010: 's1'",
            "5 lids dumped",
            "Unicast lids [0-6] of switch Lid 5 guid 0x0000000000000030 ('l1'):",
            "0x0001 001 # Channel Adapter portguid 0x0000000000000101: 'h1'",
            "0x0002 002 # Channel Adapter portguid 0x0000000000000201: 'h2'",
            "0x0003 003 # Channel Adapter portguid 0x0000000000000301: 'h3'",
            "0x0004 003 # Channel Adapter portguid 0x0000000000000401: 'h4'",
            "0x0005 000 # Switch portguid 0x0000000000000030: 'l1'",
            "0x0006 004 # Switch portguid 0x0000000000000010: 's1'",
            "6 lids dumped",
            "Unicast lids [0-6] of switch Lid 7 guid 0x0000000000000040 ('l2'):",
            "0x0001 003 # Channel Adapter portguid 0x0000000000000101: 'h1'",
            "0x0002 004 # Channel Adapter portguid 0x0000000000000201: 'h2'",
            "0x0003 001 # Channel Adapter portguid 0x0000000000000301: 'h3'",
            "0x0004 002 # Channel Adapter portguid 0x0000000000000401: 'h4'",
            "0x0006 003 # Switch portguid 0x0000000000000010: 's1'",
            "5 lids dumped");

    @Test
    void theLeavesOfTheNetFileAreMeasuredWithTheDumpedTables() {
        assertEquals(new RouteBalance(2, 4, 0, 2, 2, "leaf1"), OpenSmLftDump.balance(NET, DUMP));
    }

    @Test
    void aLeafMissingFromTheDumpIsNamed() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> OpenSmLftDump.balance(NET, DUMP.subList(0, 15)));
        assertTrue(e.getMessage().contains("leaf2"), e::getMessage);
    }
}
