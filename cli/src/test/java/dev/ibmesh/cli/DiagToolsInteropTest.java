package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * infiniband-diags' queries against a fabric OpenSM brought up (two switches, four HCAs; h1 runs the tools): every
 * answer is compared with what the topology file says, and a Set the SMA must refuse is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiagToolsInteropTest {
    private OfedFabric f;
    private Ibnetdiscover seen;

    @BeforeAll
    void bringUp() throws Exception {
        f = OfedFabric.start(Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml"));
        Path log = f.dir.resolve("opensm.log");
        OfedTools.Run osm = f.run("h1", "opensm", "-o", "-f", log.toString());
        String text = Files.readString(log);
        assertEquals(0, osm.exitCode(), () -> osm + text);
        assertTrue(text.contains("SUBNET UP"), text);
        seen = Ibnetdiscover.parse(f.run("h1", "ibnetdiscover").out());
    }

    @AfterAll
    void tearDown() throws Exception {
        f.close();
    }

    @Test
    void smpqueryNodeInfoNodeDescAndPortInfoOfAnHca() throws Exception {
        DeviceSpec h3 = f.topology.device("h3").orElseThrow();
        String lid = Integer.toString(lid(h3, 1));
        String info = ok("smpquery", "nodeinfo", lid);
        assertEquals("Channel Adapter", field(info, "NodeType"));
        assertEquals(h3.nodeGuid(), Long.decode(field(info, "Guid")));
        assertEquals(h3.portGuid(1), Long.decode(field(info, "PortGuid")));
        assertEquals("1", field(info, "LocalPort"));
        assertTrue(ok("smpquery", "nodedesc", lid).contains(h3.nodeDescription()));
        String port = ok("smpquery", "portinfo", lid, "1");
        assertEquals("Active", field(port, "LinkState"));
        assertEquals("LinkUp", field(port, "PhysLinkState"));
        assertEquals("4X", field(port, "LinkWidthActive"));
        assertEquals(lid, field(port, "Lid"));
    }

    @Test
    void smpquerySwitchInfoOfTheEnhancedSwitch() throws Exception {
        DeviceSpec sw1 = f.topology.device("sw1").orElseThrow();
        String info = ok("smpquery", "switchinfo", Integer.toString(lid(sw1, 0)));
        assertEquals("49152", field(info, "LinearFdbCap"));
        assertEquals("1", field(info, "EnhancedPort0"));
        int top = Integer.parseInt(field(info, "LinearFdbTop"));
        assertEquals(
                seen.lids.values().stream().mapToInt(Integer::intValue).max().orElseThrow(),
                top,
                "OpenSM set LinearFDBTop to the highest LID it gave");
        OfedTools.Run port0 = f.run("h1", "smpquery", "portinfo", Integer.toString(lid(sw1, 0)), "0");
        assertEquals(0, port0.exitCode(), port0::toString);
        assertEquals("4X", field(port0.out(), "LinkWidthActive"), "port 0's nominal link values");
        assertTrue(!port0.err().contains("bad width"), port0::toString);
    }

    @Test
    void perfqueryReadsCountersAndResetClearsThem() throws Exception {
        DeviceSpec sw2 = f.topology.device("sw2").orElseThrow();
        String lid = Integer.toString(lid(sw2, 0));
        long before = Long.parseLong(field(ok("perfquery", lid, "5"), "PortXmitPkts"));
        assertTrue(before > 0, "OpenSM's sweep crossed sw2 port 5");
        ok("perfquery", "-R", lid, "5");
        long after = Long.parseLong(field(ok("perfquery", lid, "5"), "PortXmitPkts"));
        assertTrue(after < before && after <= 4, "cleared, then only the queries themselves: " + after);
    }

    @Test
    void ibportstateQueriesAndAnIllegalSetIsRefused() throws Exception {
        DeviceSpec h3 = f.topology.device("h3").orElseThrow();
        String lid = Integer.toString(lid(h3, 1));
        String query = ok("ibportstate", lid, "1", "query");
        assertTrue(query.contains("LinkState:.......................Active"), query);
        // LinkSpeedEnabled 8 is reserved (IBA 14.2.5.6): the SMA answers status 7 and changes nothing.
        String enabledBefore = field(ok("smpquery", "portinfo", lid, "1"), "LinkSpeedEnabled");
        OfedTools.Run set = f.run("h1", "ibportstate", lid, "1", "speed", "8");
        assertNotEquals(0, set.exitCode(), set::toString);
        assertTrue((set.out() + set.err()).contains("smp set portinfo failed"), set::toString);
        String again = ok("smpquery", "portinfo", lid, "1");
        assertEquals("Active", field(again, "LinkState"), "the refused Set changed nothing");
        assertEquals(enabledBefore, field(again, "LinkSpeedEnabled"));
    }

    @Test
    void sminfoNeedsARunningSmAndIbrouteShowsTheLft() throws Exception {
        DeviceSpec sw1 = f.topology.device("sw1").orElseThrow();
        String routes = ok("ibroute", Integer.toString(lid(sw1, 0)));
        DeviceSpec h2 = f.topology.device("h2").orElseThrow();
        assertTrue(
                routes.contains(String.format(
                        "%03d : (Channel Adapter portguid 0x%016x: '%s')", 2, h2.portGuid(1), h2.nodeDescription())),
                routes);
    }

    private int lid(DeviceSpec d, int port) {
        return seen.lids.get(new Ibnetdiscover.End(d.nodeGuid(), port));
    }

    private String ok(String... command) throws Exception {
        OfedTools.Run r = f.run("h1", command);
        assertEquals(0, r.exitCode(), r::toString);
        return r.out();
    }

    /** The value of a "Name:.....value" line of smpquery/perfquery output. */
    static String field(String text, String name) {
        Matcher m =
                Pattern.compile("(?m)^" + Pattern.quote(name) + ":\\.+(.*)$").matcher(text);
        assertTrue(m.find(), name + " in\n" + text);
        return m.group(1).strip();
    }
}
