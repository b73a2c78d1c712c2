package dev.ibmesh.tester.target;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.LinkWidth;
import dev.ibmesh.runtime.topology.PortParams;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.tester.bench.BenchException;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An embedded topology is handed to the procedures only once every cable has trained at both ends, not just the
 * tester's: tester - switch DUT - HCA, where an SMP routed past the DUT to the HCA leaves the switch by a port that
 * must be up. A cable whose ends enable no common width never trains; the target then says which ends are not up
 * instead of letting a procedure's SMP through that cable be lost.
 */
class TopologyTargetReadyTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void stop() {
        vertx.close().await();
    }

    @Test
    void aCableThatCannotTrainIsNamedBeforeAnyProcedureRuns() {
        BenchException e = assertThrows(
                BenchException.class, () -> TopologyTarget.embedded(vertx, topology(), "dut", Duration.ofSeconds(2)));
        assertTrue(
                e.getMessage().contains("not up: dut/2, far/1"),
                "the message names both ends of the cable that did not train: " + e.getMessage());
    }

    /** tester/1 - dut/1, and dut/2 - far/1, a cable whose dut end enables 4x only and whose far end 1x only. */
    private static Topology topology() {
        return new Topology(
                List.of(
                        device("tester", DeviceKind.TESTER, 1, Optional.empty()),
                        device("dut", DeviceKind.SWITCH, 2, Optional.of(SwitchOptions.DEFAULT)),
                        device("far", DeviceKind.HCA, 1, Optional.empty())),
                List.of(
                        new LinkSpec(
                                new LinkEnd(new PortRef("tester", 1), PortParams.DEFAULT),
                                new LinkEnd(new PortRef("dut", 1), PortParams.DEFAULT)),
                        new LinkSpec(
                                new LinkEnd(new PortRef("dut", 2), widths(LinkWidth.W4X)),
                                new LinkEnd(new PortRef("far", 1), widths(LinkWidth.W1X)))));
    }

    private static PortParams widths(LinkWidth width) {
        PortParams d = PortParams.DEFAULT;
        return new PortParams(
                Set.of(width),
                Set.of(width),
                d.linkSpeedSupported(),
                d.linkSpeedEnabled(),
                d.linkSpeedExtSupported(),
                d.linkSpeedExtEnabled(),
                d.vlCap(),
                d.mtuCap());
    }

    private static DeviceSpec device(String name, DeviceKind kind, int ports, Optional<SwitchOptions> options) {
        return DeviceSpec.ofName(name, kind, ports, options, List.of());
    }
}
