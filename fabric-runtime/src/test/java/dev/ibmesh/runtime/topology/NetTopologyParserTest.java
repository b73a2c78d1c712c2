package dev.ibmesh.runtime.topology;

import static dev.ibmesh.runtime.topology.LinkSpeed.DDR;
import static dev.ibmesh.runtime.topology.LinkSpeed.QDR;
import static dev.ibmesh.runtime.topology.LinkSpeed.SDR;
import static dev.ibmesh.runtime.topology.LinkSpeedExt.FDR;
import static dev.ibmesh.runtime.topology.LinkWidth.W1X;
import static dev.ibmesh.runtime.topology.LinkWidth.W4X;
import static dev.ibmesh.runtime.topology.TopologyFiles.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NetTopologyParserTest {
    private static final NetTopologyParser PARSER = new NetTopologyParser();
    private static final PortParams FOUR_X_FDR = new PortParams(
            Set.of(W1X, W4X),
            Set.of(W1X, W4X),
            Set.of(SDR, DDR, QDR),
            Set.of(SDR, DDR, QDR),
            Set.of(FDR),
            Set.of(FDR),
            PortParams.DEFAULT.vlCap(),
            PortParams.DEFAULT.mtuCap());
    private static final PortParams FOUR_X_QDR = PortParams.DEFAULT;

    /** The vendid= ibnetdiscover printed for the Mellanox devices of the test file. */
    private static final int MELLANOX = 0x2c9;

    private static List<String> errors(String net) {
        return problems(() -> PARSER.parse("fabric.net", net));
    }

    private static DeviceSpec hca(String name, long guid, long systemImageGuid, List<Long> portGuids, String desc) {
        return new DeviceSpec(
                name,
                DeviceKind.HCA,
                2,
                guid,
                systemImageGuid,
                portGuids,
                desc,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                MELLANOX);
    }

    private static LinkSpec link(String a, int pa, String b, int pb, PortParams params) {
        return new LinkSpec(new LinkEnd(new PortRef(a, pa), params), new LinkEnd(new PortRef(b, pb), params));
    }

    @Test
    void ibnetdiscoverOutputOfTwoSwitchesAndFourHcas() throws TopologyException {
        Topology t = PARSER.parse(TopologyFiles.resource("ibnetdiscover-2sw4hca.net"));

        String swA = "S-0002c90200400ad0";
        String swB = "S-0002c90200400b00";
        assertEquals(
                List.of(
                        new DeviceSpec(
                                swA,
                                DeviceKind.SWITCH,
                                36,
                                0x2c90200400ad0L,
                                0x2c90200400ad3L,
                                List.of(0x2c90200400ad0L),
                                "MF0;sw-a:SX6036/U1",
                                Optional.of(SwitchOptions.DEFAULT),
                                Optional.empty(),
                                Optional.empty(),
                                List.of(),
                                MELLANOX),
                        new DeviceSpec(
                                swB,
                                DeviceKind.SWITCH,
                                36,
                                0x2c90200400b00L,
                                0x2c90200400b03L,
                                List.of(0x2c90200400b00L),
                                "MF0;sw-b:SX6036/U1",
                                Optional.of(new SwitchOptions(false, 0xC000, 1024)),
                                Optional.empty(),
                                Optional.empty(),
                                List.of(),
                                MELLANOX),
                        hca(
                                "H-0002c9030000fbd0",
                                0x2c9030000fbd0L,
                                0x2c9030000fbd3L,
                                List.of(0x2c9030000fbd1L, 0x2c9030000fbd2L),
                                "node01 HCA-1"),
                        hca(
                                "H-0002c9030000fc10",
                                0x2c9030000fc10L,
                                0x2c9030000fc13L,
                                List.of(0x2c9030000fc11L, 0x2c9030000fc12L),
                                "node02 HCA-1"),
                        hca(
                                "H-0002c9030000fd20",
                                0x2c9030000fd20L,
                                0x2c9030000fd23L,
                                List.of(0x2c9030000fd21L, 0x2c9030000fd22L),
                                "node03 HCA-1"),
                        hca(
                                "H-0002c9030000fd40",
                                0x2c9030000fd40L,
                                0x2c9030000fd43L,
                                List.of(0x2c9030000fd41L, 0x2c9030000fd42L),
                                "node04 HCA-1")),
                t.devices());
        assertEquals(
                List.of(
                        link(swA, 1, "H-0002c9030000fbd0", 1, FOUR_X_FDR),
                        link(swA, 2, "H-0002c9030000fc10", 1, FOUR_X_FDR),
                        link(swA, 35, swB, 35, FOUR_X_FDR),
                        link(swA, 36, swB, 36, FOUR_X_FDR),
                        link(swB, 1, "H-0002c9030000fd20", 1, FOUR_X_FDR),
                        link(swB, 2, "H-0002c9030000fd40", 2, FOUR_X_QDR)),
                t.links());
        assertEquals(Optional.of(new PortRef(swB, 2)), t.peer(new PortRef("H-0002c9030000fd40", 2)));
    }

    @Test
    void ibsimExampleWithCountedGuidsAndOptions() throws TopologyException {
        Topology t = PARSER.parse("net", """
                # ibsim net-examples style: no GUIDs, ids are plain names
                Switch\t8 "Switch1"
                [1]\t"Hca1"[1]
                [3]\t"Switch2"[3]\tw=1 s=1

                Switch 8 "Switch2"
                [3]\t"Switch1"[3]\tw=3 s=0x3 e=0

                switchguid=0x500
                Switch 2 "Switch3"

                Hca\t2 "Hca1"
                [1]\t"Switch1"

                Hca \t2 "Hca2"
                """);

        assertEquals(
                List.of(0x200000L, 0x200001L, 0x500L, 0x100000L, 0x100003L),
                t.devices().stream().map(DeviceSpec::nodeGuid).toList());
        assertEquals(
                List.of(0x100001L, 0x100002L), t.device("Hca1").orElseThrow().portGuids());
        assertEquals("Switch2", t.device("Switch2").orElseThrow().nodeDescription());
        LinkSpec sw = t.linkAt(new PortRef("Switch1", 3)).orElseThrow();
        assertEquals(Set.of(W1X), sw.a().params().linkWidthEnabled());
        assertEquals(Set.of(SDR), sw.a().params().linkSpeedEnabled());
        assertEquals(Set.of(W1X, W4X), sw.b().params().linkWidthEnabled());
        assertEquals(Set.of(SDR, DDR), sw.b().params().linkSpeedSupported());
        // no rate and no options: the defaults; a missing remote port means port 1
        assertEquals(
                new LinkEnd(new PortRef("Hca1", 1), PortParams.DEFAULT),
                t.linkAt(new PortRef("Switch1", 1)).orElseThrow().b());
    }

    @Test
    void routersAreNotSupported() {
        assertEquals(
                List.of(
                        "fabric.net:1: routers are not supported (Rt \"R-1\")",
                        "fabric.net:5: dangling link: S-1/1 goes to R-1/1, which has no line back (no node \"R-1\")"),
                errors("""
                        Rt\t1 "R-1"
                        [1]\t"S-1"[1]

                        Switch\t8 "S-1"
                        [1]\t"R-1"[1]
                        """));
    }

    @Test
    void danglingAndDisagreeingLinks() {
        assertEquals(
                List.of(
                        "fabric.net:2: dangling link: sw1/1 goes to h1/1, which has no line back",
                        "fabric.net:3: links disagree: sw1/2 goes to h2/1, but h2/1 goes to sw1/5 (line 9)",
                        "fabric.net:9: dangling link: h2/1 goes to sw1/5, which has no line back"),
                errors("""
                Switch\t8 "sw1"
                [1]\t"h1"[1]
                [2]\t"h2"[1]

                Ca\t1 "h1"

                Ca\t1 "h2"
                # a comment inside a record
                [1]\t"sw1"[5]
                """));
    }

    @Test
    void endsReportingDifferentRates() {
        assertEquals(
                List.of(
                        "fabric.net:2: the ends of sw1/1 - h1/1 report different rates: 4xQDR here, 1xSDR at line 5",
                        "fabric.net:5: the ends of h1/1 - sw1/1 report different rates: 1xSDR here, 4xQDR at line 2"),
                errors("""
                        Switch\t8 "sw1"\t\t# "sw1" enhanced port 0 lid 1 lmc 0
                        [1]\t"h1"[1](11) \t\t# "h1" lid 4 4xQDR

                        Ca\t1 "h1"\t\t# "h1"
                        [1](11) \t"sw1"[1]\t\t# lid 4 lmc 0 "sw1" lid 1 1xSDR
                        """));
    }

    @Test
    void malformedLines() {
        assertEquals(
                List.of(
                        "fabric.net:1: unrecognised line; expected a Switch, Ca or Hca record, a [port] line, a # comment,"
                                + " or one of switchguid=, caguid=, sysimgguid=, vendid=, devid=, width=, speed=, extspeed=",
                        "fabric.net:2: port line outside a node record (a blank line ends a record)",
                        "fabric.net:3: ibsim's 'include' lines are not supported",
                        "fabric.net:5: port [9] of \"sw1\" is out of range; it has ports 1..8",
                        "fabric.net:6: link width '3x' is not one of 1x, 2x, 4x, 8x, 12x",
                        "fabric.net:7: port option 'v=4' is not one of ibsim's w=, s=, e= with a number",
                        "fabric.net:9: port [1] of \"sw1\" appears twice (first at line 8)",
                        "fabric.net:10: a port line must look like [1] \"peer\"[2] or [1](portguid) \"peer\"[2], optionally"
                                + " followed by ibsim options and a # comment",
                        "fabric.net:11: link width mask 32 has bits that are not 1x, 2x, 4x, 8x, 12x",
                        "fabric.net:13: a switch has 1..254 ports, not 300",
                        "fabric.net:15: duplicate node \"sw1\" (first at line 4)"),
                errors("""
                Swtich 8 "sw1"
                [1]\t"h1"[1]
                include "other.net"
                Switch\t8 "sw1"
                [9]\t"h1"[1]
                [2]\t"h1"[1]\t\t# "h1" lid 3 3xQDR
                [3]\t"h1"[1]\tv=4
                [1]\t"h1"[1]
                [1]\t"h1"[1]
                [x]\t"h1"
                [4]\t"h1"[1]\tw=32

                Switch\t300 "big"

                Switch\t8 "sw1"

                Ca\t1 "h1"
                [1]\t"sw1"[1]
                """));
    }

    @Test
    void emptyFile() {
        assertEquals(List.of("fabric.net:1: the file has no Switch, Ca or Hca records"), errors("#\n# nothing\n\n"));
    }
}
