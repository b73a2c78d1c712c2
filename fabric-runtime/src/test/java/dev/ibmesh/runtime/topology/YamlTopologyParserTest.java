package dev.ibmesh.runtime.topology;

import static dev.ibmesh.runtime.topology.LinkSpeed.DDR;
import static dev.ibmesh.runtime.topology.LinkSpeed.QDR;
import static dev.ibmesh.runtime.topology.LinkSpeed.SDR;
import static dev.ibmesh.runtime.topology.LinkSpeedExt.EDR;
import static dev.ibmesh.runtime.topology.LinkSpeedExt.FDR;
import static dev.ibmesh.runtime.topology.LinkSpeedExt.HDR;
import static dev.ibmesh.runtime.topology.LinkSpeedExt.NDR;
import static dev.ibmesh.runtime.topology.LinkWidth.W12X;
import static dev.ibmesh.runtime.topology.LinkWidth.W1X;
import static dev.ibmesh.runtime.topology.LinkWidth.W4X;
import static dev.ibmesh.runtime.topology.TopologyFiles.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Mtu;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class YamlTopologyParserTest {
    private static final DeviationCatalog CATALOG =
            DeviationCatalog.of(Map.of("switch", Set.of("no-vl-arbitration"), "hca", Set.of("slow-sma", "drop-vl15")));
    private static final YamlTopologyParser PARSER = new YamlTopologyParser(CATALOG);
    /** Two devices every error case links between. */
    private static final String DEVICES = """
            devices:
              - {name: sw1, kind: switch, ports: 8}
              - {name: h1, kind: hca, ports: 1}
            """;

    private static List<String> errors(String yaml) {
        return problems(() -> PARSER.parse("fabric.yaml", yaml));
    }

    @Test
    void everyFieldOfTheFullFile() throws TopologyException {
        Topology t = PARSER.parse(TopologyFiles.resource("full.yaml"));

        assertEquals(
                new DeviceSpec(
                        "sw1",
                        DeviceKind.SWITCH,
                        36,
                        0x0002c90200400ad0L,
                        0x0002c90200400ad3L,
                        List.of(0x0002c90200400ad0L),
                        "MF0;sw1:SX6036/U1",
                        Optional.of(new SwitchOptions(false, 0x3000, 512)),
                        Optional.of(new HostPort("::1", 7001)),
                        Optional.of(new HttpAddress(Optional.empty(), 9101)),
                        List.of("no-vl-arbitration")),
                t.device("sw1").orElseThrow());
        assertEquals(
                new DeviceSpec(
                        "h1",
                        DeviceKind.HCA,
                        2,
                        0x0002c9030000fbd0L,
                        0x0002c9030000fbd0L,
                        List.of(0x0002c9030000fbd1L, 0x0002c9030000fbd2L),
                        "ibmesh hca h1",
                        Optional.empty(),
                        Optional.of(new HostPort("node1.example", 7011)),
                        Optional.empty(),
                        List.of("slow-sma", "drop-vl15")),
                t.device("h1").orElseThrow());
        long t1 = Guids.derive("t1");
        assertEquals(
                new DeviceSpec(
                        "t1",
                        DeviceKind.TESTER,
                        4,
                        t1,
                        t1,
                        List.of(t1 + 1, t1 + 2, t1 + 3, t1 + 4),
                        "ibmesh tester t1",
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        List.of()),
                t.device("t1").orElseThrow());

        PortParams switchEnd = new PortParams(
                Set.of(W1X, W4X, W12X),
                Set.of(W1X, W4X),
                Set.of(SDR, DDR, QDR),
                Set.of(QDR),
                Set.of(FDR, EDR, HDR, NDR),
                Set.of(FDR, EDR),
                VlCap.VL0_3,
                Mtu.MTU_2048);
        PortParams hcaEnd = new PortParams(
                Set.of(W1X, W4X, W12X),
                Set.of(W1X),
                Set.of(SDR, DDR, QDR),
                Set.of(QDR),
                Set.of(FDR, EDR, HDR, NDR),
                Set.of(FDR, EDR),
                VlCap.VL0_14,
                Mtu.MTU_2048);
        assertEquals(
                List.of(
                        new LinkSpec(
                                new LinkEnd(new PortRef("sw1", 1), switchEnd),
                                new LinkEnd(new PortRef("h1", 1), hcaEnd)),
                        new LinkSpec(
                                new LinkEnd(new PortRef("t1", 4), PortParams.DEFAULT),
                                new LinkEnd(new PortRef("sw1", 36), PortParams.DEFAULT))),
                t.links());

        assertEquals(Optional.of(new PortRef("h1", 1)), t.peer(new PortRef("sw1", 1)));
        assertEquals(Optional.of(new PortRef("sw1", 36)), t.peer(new PortRef("t1", 4)));
        assertEquals(Optional.empty(), t.peer(new PortRef("h1", 2)));
        assertEquals(
                Optional.of(W1X), t.linkAt(new PortRef("h1", 1)).orElseThrow().activeWidth());
        assertEquals(
                Optional.of(EDR), t.linkAt(new PortRef("h1", 1)).orElseThrow().activeSpeedExt());
    }

    @Test
    void twoSwitchesFourHcasExample() throws TopologyException {
        Topology t = PARSER.parse(TopologyFiles.example("two-switches-four-hcas.yaml"));

        assertEquals(
                List.of("sw1", "sw2", "h1", "h2", "h3", "h4"),
                t.devices().stream().map(DeviceSpec::name).toList());
        assertEquals(6, t.links().size());
        assertEquals(
                Optional.of(new HostPort("localhost", 7002)),
                t.device("sw2").orElseThrow().listen());
        assertEquals(
                Optional.of(SwitchOptions.DEFAULT),
                t.device("sw2").orElseThrow().switchOptions());
        LinkSpec toH4 = t.linkAt(new PortRef("h4", 1)).orElseThrow();
        assertEquals(Set.of(W1X), toH4.end(new PortRef("h4", 1)).params().linkWidthEnabled());
        assertEquals(Set.of(W1X, W4X), toH4.end(new PortRef("sw2", 2)).params().linkWidthEnabled());
        assertEquals(Optional.of(W1X), toH4.activeWidth());
        assertEquals(
                Optional.of(W12X), t.linkAt(new PortRef("sw2", 6)).orElseThrow().activeWidth());
        // FDR and EDR are supported on sw1/2 - h2/1, and enabled because nothing says otherwise
        assertEquals(
                Optional.of(EDR), t.linkAt(new PortRef("h2", 1)).orElseThrow().activeSpeedExt());
    }

    @Test
    void fatTreeExample() throws TopologyException {
        Topology t = PARSER.parse(TopologyFiles.example("fat-tree-2-level.yaml"));

        assertEquals(14, t.devices().size());
        assertEquals(16, t.links().size());
        for (int leaf = 1; leaf <= 4; leaf++) {
            assertEquals(Optional.of(new PortRef("spine1", leaf)), t.peer(new PortRef("leaf" + leaf, 3)));
            assertEquals(Optional.of(new PortRef("spine2", leaf)), t.peer(new PortRef("leaf" + leaf, 4)));
        }
        assertEquals(Optional.of(new PortRef("leaf4", 2)), t.peer(new PortRef("node08", 1)));
        assertEquals("node08 HCA-1", t.device("node08").orElseThrow().nodeDescription());
    }

    @Test
    void derivedGuidsAreStableAndDistinct() throws TopologyException {
        Topology first = PARSER.parse("a.yaml", DEVICES);
        Topology again = PARSER.parse("b.yaml", DEVICES);

        assertEquals(first, again);
        DeviceSpec sw1 = first.device("sw1").orElseThrow();
        assertEquals(Guids.derive("sw1"), sw1.nodeGuid());
        assertEquals(0x02, sw1.nodeGuid() >>> 56);
        assertEquals(List.of(sw1.nodeGuid()), sw1.portGuids());
        assertNotEquals(sw1.nodeGuid(), first.device("h1").orElseThrow().nodeGuid());
    }

    @Test
    void linkWidthNotInTheList() {
        assertEquals(
                List.of("fabric.yaml:6:23: link width '3x' is not one of 1x, 2x, 4x, 8x, 12x"), errors(DEVICES + """
                links:
                  - ends: [sw1/1, h1/1]
                    linkWidthEnabled: 3x
                """));
    }

    @Test
    void otherPortInfoValuesNotInTheirLists() {
        assertEquals(
                List.of(
                        "fabric.yaml:6:29: link speed 'XDR' is not one of SDR, DDR, QDR",
                        "fabric.yaml:7:28: extended link speed 'QDR' is not one of FDR, EDR, HDR, NDR",
                        "fabric.yaml:8:12: VLCap 'VL0-9' is not one of VL0, VL0-1, VL0-3, VL0-7, VL0-14 (or a code 1..5)",
                        "fabric.yaml:9:13: MTUCap '300' is not one of 256, 512, 1024, 2048, 4096"),
                errors(DEVICES + """
                links:
                  - ends: [sw1/1, h1/1]
                    linkSpeedEnabled: [SDR, XDR]
                    linkSpeedExtSupported: FDR,QDR
                    vlCap: VL0-9
                    mtuCap: 300
                """));
    }

    @Test
    void enabledOutsideSupported() {
        assertEquals(
                List.of("fabric.yaml:8:62: linkWidthEnabled 4x,12x of h1/1 is not within linkWidthSupported"
                        + " 1x,4x"),
                errors(DEVICES + """
                links:
                  - ends: [sw1/1, h1/1]
                    linkWidthSupported: 1x,4x,12x
                    overrides:
                      h1/1: {linkWidthSupported: [1x, 4x], linkWidthEnabled: "4x,12x"}
                """));
    }

    @Test
    void unknownKeysAreTypos() {
        assertEquals(
                List.of(
                        "fabric.yaml:2:5: missing key 'name' in a device",
                        "fabric.yaml:2:5: unknown key 'nmae' in a device; allowed: name, kind, ports, nodeGuid,"
                                + " systemImageGuid, portGuids, nodeDescription, switch, listen, http, deviations, vendorId",
                        "fabric.yaml:5:1: unknown key 'link' in the top level; allowed: devices, links"),
                errors("""
                devices:
                  - nmae: sw1
                    kind: switch
                    ports: 8
                link: []
                """));
    }

    @Test
    void duplicateKey() {
        assertEquals(List.of("fabric.yaml:2:41: duplicate key 'ports' in a device"), errors("""
                devices:
                  - {name: sw1, kind: switch, ports: 8, ports: 9}
                """));
    }

    @Test
    void wrongTypes() {
        assertEquals(
                List.of(
                        "fabric.yaml:2:38: 'ports' must be an integer, found a list",
                        "fabric.yaml:3:38: 'ports' must be an integer, found 'eight'",
                        "fabric.yaml:4:5: a device must be a mapping (key: value), found 'h3'",
                        "fabric.yaml:5:8: 'links' must be a list, found a mapping"),
                errors("""
                devices:
                  - {name: sw1, kind: switch, ports: [8]}
                  - {name: sw2, kind: switch, ports: eight}
                  - h3
                links: {a: b}
                """));
    }

    @Test
    void duplicateDeviceNames() {
        assertEquals(List.of("fabric.yaml:3:12: duplicate device name 'sw1' (first at line 2)"), errors("""
                devices:
                  - {name: sw1, kind: switch, ports: 8}
                  - {name: sw1, kind: hca, ports: 1}
                """));
    }

    @Test
    void duplicateGuids() {
        assertEquals(
                List.of(
                        "fabric.yaml:3:47: GUID 0x0000000000000011 of 'h1' is already used by 'sw1'",
                        "fabric.yaml:4:64: GUID 0x0000000000000012 of 'h2' is already used by 'h1'"),
                errors("""
                devices:
                  - {name: sw1, kind: switch, ports: 8, nodeGuid: 0x11}
                  - {name: h1, kind: hca, ports: 1, nodeGuid: 0x11}
                  - {name: h2, kind: hca, ports: 1, nodeGuid: 0x20, portGuids: [0x12]}
                """));
    }

    @Test
    void portNumbersOutOfRange() {
        assertEquals(
                List.of(
                        "fabric.yaml:4:34: a hca has 1..2 ports, not 3",
                        "fabric.yaml:5:37: 'ports' must be 1..254, not 255",
                        "fabric.yaml:7:19: link end h1/2: port 2 is out of range; h1 has ports 1..1",
                        "fabric.yaml:8:12: link end sw1/0: port 0 is out of range; sw1 has ports 1..8"),
                errors(DEVICES + """
                  - {name: h2, kind: hca, ports: 3}
                  - {name: s2, kind: switch, ports: 255}
                links:
                  - ends: [sw1/1, h1/2]
                  - ends: [sw1/0, h1/1]
                """));
    }

    @Test
    void portOnTwoLinks() {
        assertEquals(List.of("fabric.yaml:6:19: port h1/1 is already linked (line 5)"), errors(DEVICES + """
                links:
                  - ends: [sw1/1, h1/1]
                  - ends: [sw1/2, h1/1]
                """));
    }

    @Test
    void linkToItself() {
        assertEquals(List.of("fabric.yaml:5:19: link from sw1/1 to itself"), errors(DEVICES + """
                links:
                  - ends: [sw1/1, sw1/1]
                """));
    }

    @Test
    void linkToUnknownDeviceAndMalformedEnds() {
        assertEquals(
                List.of(
                        "fabric.yaml:5:12: link end sw9/1: no device is named 'sw9'",
                        "fabric.yaml:6:19: link end 'h1' is not device/port (like sw1/3)",
                        "fabric.yaml:7:11: 'ends' must name two ports, like [sw1/1, h1/1]; found 1"),
                errors(DEVICES + """
                links:
                  - ends: [sw9/1, h1/1]
                  - ends: [sw1/2, h1]
                  - ends: [sw1/3]
                """));
    }

    @Test
    void unknownKind() {
        assertEquals(List.of("fabric.yaml:2:22: kind 'router' is not one of switch, hca, tester"), errors("""
                devices:
                  - {name: r1, kind: router, ports: 2}
                """));
    }

    @Test
    void vendorIdIsIbmeshsOwnUnlessGiven() throws TopologyException {
        Topology t = PARSER.parse("fabric.yaml", """
                devices:
                  - {name: sw1, kind: switch, ports: 8, vendorId: 0x2c9}
                  - {name: h1, kind: hca, ports: 1}
                """);
        assertEquals(0x2c9, t.device("sw1").orElseThrow().vendorId());
        assertEquals(DeviceSpec.IBMESH_VENDOR_ID, t.device("h1").orElseThrow().vendorId());
        List<String> wide = errors("""
                devices:
                  - {name: h1, kind: hca, ports: 1, vendorId: 0x1000000}
                """);
        assertEquals(1, wide.size(), wide.toString());
        assertTrue(wide.get(0).startsWith("fabric.yaml:2:") && wide.get(0).contains("vendorId"), wide.get(0));
    }

    @Test
    void unknownDeviation() {
        assertEquals(
                List.of(
                        "fabric.yaml:2:50: unknown deviation 'slow-smaa' for a hca; known: drop-vl15, slow-sma",
                        "fabric.yaml:3:53: unknown deviation 'x' for a tester; none are known",
                        "fabric.yaml:4:72: unknown deviation 'drop-vl15' for a switch; known: no-vl-arbitration"),
                errors("""
                devices:
                  - {name: h1, kind: hca, ports: 1, deviations: [slow-smaa]}
                  - {name: t1, kind: tester, ports: 1, deviations: [x]}
                  - {name: s1, kind: switch, ports: 2, deviations: [no-vl-arbitration, drop-vl15]}
                """));
    }

    @Test
    void overrideForAPortNotOnTheLink() {
        assertEquals(
                List.of("fabric.yaml:7:7: override for sw1/2 names a port not on this link (sw1/1, h1/1)"),
                errors(DEVICES + """
                        links:
                          - ends: [sw1/1, h1/1]
                            overrides:
                              sw1/2: {linkWidthEnabled: 1x}
                        """));
    }

    @Test
    void nodeDescriptionOver64Bytes() {
        String desc = "ü".repeat(33);
        assertEquals(
                List.of("fabric.yaml:2:54: nodeDescription is 66 bytes in UTF-8; at most 64 are allowed"),
                errors("devices:\n  - {name: h1, kind: hca, ports: 1, nodeDescription: " + desc + "}\n"));
    }

    /** In a shard's slice the devices of another shard share that shard's address; nothing else is relaxed. */
    @Test
    void aSliceSharesListenAddresses() throws Exception {
        String slice = """
                devices:
                  - {name: leaf1, kind: switch, ports: 4}
                  - {name: spine1, kind: switch, ports: 2, listen: "shard-1:7100"}
                  - {name: spine2, kind: switch, ports: 2, listen: "shard-1:7100"}
                links:
                  - ends: [leaf1/3, spine1/1]
                  - ends: [leaf1/4, spine2/1]
                """;
        Topology t = new YamlTopologyParser(DeviationCatalog.PERMISSIVE, true).parse("slice.yaml", slice);
        assertEquals(
                t.device("spine1").orElseThrow().listen(),
                t.device("spine2").orElseThrow().listen());
        assertEquals(
                List.of("fabric.yaml:4:52: listen address 'shard-1:7100' is already used by 'spine1'"), errors(slice));
    }

    @Test
    void duplicateListenAddresses() {
        assertEquals(
                List.of(
                        "fabric.yaml:3:45: listen address 'localhost:7001' is already used by 'sw1'",
                        "fabric.yaml:4:45: listen 'nohost' is not host:port (like localhost:7001 or [::1]:7001)"
                                + " with a port 1..65535"),
                errors("""
                devices:
                  - {name: sw1, kind: switch, ports: 8, listen: "localhost:7001"}
                  - {name: h1, kind: hca, ports: 1, listen: LocalHost:7001}
                  - {name: h2, kind: hca, ports: 1, listen: nohost}
                """));
    }

    @Test
    void httpIsAPortOrHostPort() throws TopologyException {
        Topology t = PARSER.parse("fabric.yaml", """
                devices:
                  - {name: sw1, kind: switch, ports: 8, http: 9101}
                  - {name: h1, kind: hca, ports: 1, http: "0.0.0.0:9101"}
                  - {name: h2, kind: hca, ports: 1, http: "[::1]:9102"}
                  - {name: h3, kind: hca, ports: 1}
                """);
        assertEquals(
                Optional.of(new HttpAddress(Optional.empty(), 9101)),
                t.device("sw1").orElseThrow().http());
        assertEquals(
                Optional.of(new HttpAddress(Optional.of("0.0.0.0"), 9101)),
                t.device("h1").orElseThrow().http());
        assertEquals(
                Optional.of(new HttpAddress(Optional.of("::1"), 9102)),
                t.device("h2").orElseThrow().http());
        assertEquals(Optional.empty(), t.device("h3").orElseThrow().http());
    }

    @Test
    void badAndDuplicateHttpAddresses() {
        String allowed = " is not a port 1..65535 or host:port (like 9101 or localhost:9101)";
        assertEquals(
                List.of(
                        "fabric.yaml:3:43: http address '9101' is already used by 'sw1'",
                        "fabric.yaml:5:43: http address 'localhost:9102' is already used by 'h2'",
                        "fabric.yaml:6:43: http '0'" + allowed,
                        "fabric.yaml:7:43: http '65536'" + allowed,
                        "fabric.yaml:8:43: http 'localhost:'" + allowed,
                        "fabric.yaml:9:43: 'http' must be text, found a list"),
                errors("""
                devices:
                  - {name: sw1, kind: switch, ports: 8, http: 9101}
                  - {name: h1, kind: hca, ports: 1, http: 9101}
                  - {name: h2, kind: hca, ports: 1, http: "localhost:9102"}
                  - {name: h3, kind: hca, ports: 1, http: LOCALHOST:9102}
                  - {name: h4, kind: hca, ports: 1, http: 0}
                  - {name: h5, kind: hca, ports: 1, http: 65536}
                  - {name: h6, kind: hca, ports: 1, http: "localhost:"}
                  - {name: h7, kind: hca, ports: 1, http: [9103]}
                """));
    }

    @Test
    void switchOptionsOnlyForSwitches() {
        assertEquals(
                List.of(
                        "fabric.yaml:2:37: 'switch' options are only for kind switch, not hca",
                        "fabric.yaml:3:64: 'linearFdbCap' must be 1..49152, not 49153"),
                errors("""
                devices:
                  - {name: h1, kind: hca, ports: 1, switch: {}}
                  - {name: sw1, kind: switch, ports: 8, switch: {linearFdbCap: 49153}}
                """));
    }

    @Test
    void yamlSyntaxError() {
        assertEquals(List.of("fabric.yaml:3:17: YAML syntax: mapping values are not allowed here"), errors("""
                devices:
                  - name: sw1
                    kind: switch: 3
                """));
    }

    @Test
    void emptyFiles() {
        String message = "fabric.yaml:1:1: the file is empty; expected 'devices:' and 'links:'";
        assertEquals(List.of(message), errors(""));
        assertEquals(List.of(message), errors("# only a comment\n\n"));
    }

    @Test
    void reportsEveryProblemSortedByLine() {
        assertEquals(
                List.of(
                        "fabric.yaml:2:22: kind 'hub' is not one of switch, hca, tester",
                        "fabric.yaml:3:34: 'ports' must be 1..254, not 0",
                        "fabric.yaml:6:23: link width '5x' is not one of 1x, 2x, 4x, 8x, 12x"),
                errors("""
                devices:
                  - {name: x1, kind: hub, ports: 1}
                  - {name: h1, kind: hca, ports: 0}
                links:
                  - ends: [x1/1, h1/1]
                    linkWidthEnabled: 5x
                """));
    }
}
