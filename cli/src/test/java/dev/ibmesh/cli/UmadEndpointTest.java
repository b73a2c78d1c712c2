package dev.ibmesh.cli;

import static dev.ibmesh.cli.DiagToolsInteropTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The umad endpoint of {@code ibmesh up} offers every HCA port and every switch's port 0 under ibsim's names (see
 * {@link UmadEndpoint}): a tool attached at a switch reads the switch's own NodeInfo along the hop-0 directed route,
 * with LocalPortNum 0; an empty SIM_HOST is still the first HCA of the topology.
 */
class UmadEndpointTest {
    @Test
    void aSwitchNameOrDescriptionAttachesToPort0AndTheDefaultStaysTheFirstHca() throws Exception {
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml"))) {
            DeviceSpec h1 = f.topology.device("h1").orElseThrow();
            DeviceSpec sw1 = f.topology.device("sw1").orElseThrow();
            DeviceSpec sw2 = f.topology.device("sw2").orElseThrow();
            assertAttachedAt(f, null, "Channel Adapter", h1.nodeGuid(), "1");
            for (String name : List.of("sw1", "sw1@0", sw1.nodeDescription())) {
                assertAttachedAt(f, name, "Switch", sw1.nodeGuid(), "0");
            }
            assertAttachedAt(f, "sw2", "Switch", sw2.nodeGuid(), "0");
            OfedTools.Run noSuchPort = f.run("sw1@1", "smpquery", "-D", "nodeinfo", "0");
            assertNotEquals(0, noSuchPort.exitCode(), "a switch's external ports host no software: " + noSuchPort);
        }
    }

    /** smpquery of the hop-0 directed route from {@code simHost}: the node the tool is attached to. */
    private static void assertAttachedAt(OfedFabric f, String simHost, String nodeType, long nodeGuid, String localPort)
            throws Exception {
        OfedTools.Run r = f.run(simHost, "smpquery", "-D", "nodeinfo", "0");
        assertEquals(0, r.exitCode(), () -> simHost + ": " + r);
        assertEquals(nodeType, field(r.out(), "NodeType"), simHost);
        assertEquals(nodeGuid, Long.decode(field(r.out(), "Guid")), simHost);
        assertEquals(localPort, field(r.out(), "LocalPort"), simHost);
    }
}
