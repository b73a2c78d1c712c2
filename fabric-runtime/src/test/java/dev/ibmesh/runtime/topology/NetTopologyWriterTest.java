package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NetTopologyWriterTest {
    private static final YamlTopologyParser YAML = new YamlTopologyParser(DeviationCatalog.PERMISSIVE);
    private static final NetTopologyWriter WRITER = new NetTopologyWriter();

    /**
     * What survives the net format (see {@link NetTopologyWriter}): FDB caps, listen, http and
     * deviations go; Supported becomes Enabled; VLCap and MTUCap become the defaults; the GUIDs of unlinked CA ports
     * become node GUID + port. Links are put in one order, since the file lists them by device and port.
     */
    private static Topology netView(Topology t) {
        List<DeviceSpec> devices = t.devices().stream()
                .map(d -> new DeviceSpec(
                        d.name(),
                        d.kind(),
                        d.numPorts(),
                        d.nodeGuid(),
                        d.systemImageGuid(),
                        portGuids(t, d),
                        d.nodeDescription().replace('"', '\''),
                        d.switchOptions()
                                .map(o -> new SwitchOptions(
                                        o.enhancedPort0(),
                                        SwitchOptions.DEFAULT.linearFdbCap(),
                                        SwitchOptions.DEFAULT.multicastFdbCap())),
                        Optional.empty(),
                        Optional.empty(),
                        List.of()))
                .toList();
        List<LinkSpec> links = t.links().stream()
                .map(l -> canonical(new LinkSpec(net(l.a()), net(l.b()))))
                .sorted(Comparator.comparing((LinkSpec l) -> l.a().port()))
                .toList();
        return new Topology(devices, links);
    }

    private static List<Long> portGuids(Topology t, DeviceSpec d) {
        List<Long> derived = DeviceSpec.defaultPortGuids(d.kind(), d.numPorts(), d.nodeGuid());
        return d.kind() == DeviceKind.SWITCH
                ? d.portGuids()
                : IntStream.rangeClosed(1, d.numPorts())
                        .mapToObj(p ->
                                t.linkAt(new PortRef(d.name(), p)).isPresent() ? d.portGuid(p) : derived.get(p - 1))
                        .toList();
    }

    private static LinkEnd net(LinkEnd e) {
        PortParams p = e.params().supportingOnlyEnabled();
        return new LinkEnd(
                e.port(),
                new PortParams(
                        p.linkWidthSupported(),
                        p.linkWidthEnabled(),
                        p.linkSpeedSupported(),
                        p.linkSpeedEnabled(),
                        p.linkSpeedExtSupported(),
                        p.linkSpeedExtEnabled(),
                        PortParams.DEFAULT.vlCap(),
                        PortParams.DEFAULT.mtuCap()));
    }

    private static LinkSpec canonical(LinkSpec l) {
        return l.a().port().compareTo(l.b().port()) <= 0 ? l : new LinkSpec(l.b(), l.a());
    }

    private static Topology canonical(Topology t) {
        return new Topology(
                t.devices(),
                t.links().stream()
                        .map(NetTopologyWriterTest::canonical)
                        .sorted(Comparator.comparing((LinkSpec l) -> l.a().port()))
                        .toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"full.yaml", "two-switches-four-hcas.yaml", "fat-tree-2-level.yaml"})
    void yamlToNetAndBackKeepsWhatNetCanSay(String name) throws TopologyException {
        Path file = name.equals("full.yaml") ? TopologyFiles.resource(name) : TopologyFiles.example(name);
        Topology fromYaml = YAML.parse(file);

        Topology fromNet = new NetTopologyParser().parse("written.net", WRITER.write(fromYaml));

        assertEquals(netView(fromYaml), canonical(fromNet));
    }

    @Test
    void writesTheLinesIbnetdiscoverPrints() throws TopologyException {
        Topology t = YAML.parse("t.yaml", """
                devices:
                  - {name: sw1, kind: switch, ports: 8, nodeGuid: 0x2c90200400ad0, systemImageGuid: 0x2c90200400ad3}
                  - {name: h1, kind: hca, ports: 2, nodeGuid: 0x2c9030000fbd0, nodeDescription: node01 HCA-1,
                     vendorId: 0x2c9}
                links:
                  - ends: [sw1/3, h1/2]
                    linkSpeedExtSupported: FDR
                    overrides:
                      h1/2: {linkWidthEnabled: 1x}
                """);

        List<String> lines = WRITER.write(t).lines().toList();

        assertEquals(
                List.of(
                        "vendid=0x21b3e",
                        "sysimgguid=0x0002c90200400ad3",
                        "switchguid=0x0002c90200400ad0(0002c90200400ad0)",
                        "Switch\t8 \"sw1\"\t\t# \"ibmesh switch sw1\" enhanced port 0 lid 0 lmc 0",
                        "[3]\t\"h1\"[2](0002c9030000fbd2) \tw=3 s=7 e=1\t\t# \"node01 HCA-1\" lid 0 1xFDR",
                        "",
                        "vendid=0x2c9",
                        "sysimgguid=0x0002c9030000fbd0",
                        "caguid=0x0002c9030000fbd0",
                        "Ca\t2 \"h1\"\t\t# \"node01 HCA-1\"",
                        "[2](0002c9030000fbd2) \t\"sw1\"[3]\tw=1 s=7 e=1\t\t# lid 0 lmc 0 \"ibmesh switch sw1\" lid 0 1xFDR"),
                lines.subList(4, lines.size()));
        assertTrue(lines.get(0).startsWith("#"));
    }
}
