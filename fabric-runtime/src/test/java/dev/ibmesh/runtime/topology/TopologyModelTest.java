package dev.ibmesh.runtime.topology;

import static dev.ibmesh.runtime.topology.LinkWidth.W12X;
import static dev.ibmesh.runtime.topology.LinkWidth.W1X;
import static dev.ibmesh.runtime.topology.LinkWidth.W2X;
import static dev.ibmesh.runtime.topology.LinkWidth.W4X;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologyModelTest {

    @Test
    void portRefs() {
        assertEquals(new PortRef("sw1", 3), PortRef.parse("sw1/3"));
        assertEquals("sw1/3", new PortRef("sw1", 3).toString());
        for (String bad : List.of("sw1", "/3", "sw1/", "sw1/x", "sw1/1234")) {
            assertThrows(IllegalArgumentException.class, () -> PortRef.parse(bad), bad);
        }
    }

    @Test
    void hostPorts() {
        assertEquals(new HostPort("::1", 7001), HostPort.parse("[::1]:7001"));
        assertEquals("[::1]:7001", HostPort.parse("[::1]:7001").toString());
        assertEquals(new HostPort("localhost", 1), HostPort.parse("LOCALHOST:1"));
        for (String bad : List.of("localhost", ":7001", "::1:7001", "h:0", "h:65536", "h:x")) {
            assertThrows(IllegalArgumentException.class, () -> HostPort.parse(bad), bad);
        }
    }

    @Test
    void guids() {
        assertEquals(0x0002c90200400ad0L, Guids.parse("0x0002C90200400AD0"));
        assertEquals("0x0002c90200400ad0", Guids.format(0x0002c90200400ad0L));
        assertEquals(-1L, Guids.parse("0xffffffffffffffff"));
        for (String bad : List.of("0x", "0x0", "12", "0x10000000000000000", "0xg")) {
            assertThrows(IllegalArgumentException.class, () -> Guids.parse(bad), bad);
        }
        assertEquals(Guids.derive("sw1"), Guids.derive("sw1"));
        assertEquals(0, Guids.derive("sw1") & 0xFF, "the low byte is left for port numbers");
    }

    @Test
    void widthMasksAndLabels() {
        assertEquals(Set.of(W1X, W4X, W12X), LinkWidth.CHOICES.fromMask(11));
        assertEquals(Set.of(W1X, W2X), LinkWidth.CHOICES.fromMask(17));
        assertEquals(11, Choices.mask(Set.of(W1X, W4X, W12X)));
        assertEquals("1x,4x,12x", Choices.text(Set.of(W12X, W1X, W4X)));
        assertEquals(Set.of(W1X, W12X), LinkWidth.CHOICES.parseList("12X, 1x"));
        assertEquals(VlCap.VL0_7, VlCap.parse("4"));
        assertEquals(VlCap.VL0_14, VlCap.parse("vl0-14"));
    }

    @Test
    void activeRateIsTheBestBothEndsEnable() {
        PortParams fdr = NetRate.enabledBy("4xFDR");
        PortParams narrow = new PortParams(
                Set.of(W1X, W4X),
                Set.of(W1X),
                Set.of(LinkSpeed.SDR, LinkSpeed.DDR),
                Set.of(LinkSpeed.SDR, LinkSpeed.DDR),
                Set.of(),
                Set.of(),
                VlCap.VL0_7,
                PortParams.DEFAULT.mtuCap());
        LinkSpec link = new LinkSpec(new LinkEnd(new PortRef("a", 1), fdr), new LinkEnd(new PortRef("b", 1), narrow));

        assertEquals(Optional.of(W1X), link.activeWidth());
        assertEquals(Optional.of(LinkSpeed.DDR), link.activeSpeed());
        assertEquals(Optional.empty(), link.activeSpeedExt());
        assertEquals(Optional.of("1xDDR"), NetRate.of(link));
        assertEquals(Optional.of("4xFDR"), NetRate.of(new LinkSpec(link.a(), new LinkEnd(new PortRef("b", 1), fdr))));
    }

    @Test
    void topologyLookupsAndInvariants() {
        DeviceSpec sw = new DeviceSpec(
                "sw1",
                DeviceKind.SWITCH,
                2,
                1,
                1,
                List.of(1L),
                "d",
                Optional.of(SwitchOptions.DEFAULT),
                Optional.empty(),
                Optional.empty(),
                List.of());
        DeviceSpec h = new DeviceSpec(
                "h1",
                DeviceKind.HCA,
                1,
                16,
                16,
                List.of(17L),
                "d",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of());
        LinkSpec link = new LinkSpec(
                new LinkEnd(new PortRef("sw1", 2), PortParams.DEFAULT),
                new LinkEnd(new PortRef("h1", 1), PortParams.DEFAULT));
        Topology t = new Topology(List.of(sw, h), List.of(link));

        assertEquals(Optional.of(h), t.device("h1"));
        assertEquals(Optional.of(link), t.linkAt(new PortRef("h1", 1)));
        assertEquals(Optional.of(new PortRef("h1", 1)), t.peer(new PortRef("sw1", 2)));
        assertEquals(Optional.empty(), t.peer(new PortRef("sw1", 1)));
        assertEquals(1L, sw.portGuid(2));
        assertEquals(17L, h.portGuid(1));
        assertThrows(IllegalArgumentException.class, () -> new Topology(List.of(sw, sw), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Topology(List.of(sw, h), List.of(link, link)));
        assertThrows(UnsupportedOperationException.class, () -> t.devices().add(sw));
        assertThrows(
                UnsupportedOperationException.class,
                () -> PortParams.DEFAULT.linkWidthEnabled().add(W12X));
    }
}
