package dev.ibmesh.tester.generator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.generator.CounterChange;
import dev.ibmesh.tester.target.TopologyTarget;
import dev.ibmesh.trace.Direction;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario run against a device of a topology file: an HCA cabled to the tester. An HCA port is an end node, so its
 * link layer checks DLID and SLID too (IBA figure 25-20): SMPs with a DLID that is not its LID or with SLID 0 are
 * dropped unanswered, and, as IBA 16.1.3.5 names no PMA counter for either, no receive error counter moves.
 */
class ScenarioRunnerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @Test
    void anHcaOfATopologyAnswersOnlyTheSmpWhoseLidsAreRight(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("fabric.yaml"), """
                devices:
                  - {name: t1, kind: tester, ports: 1}
                  - {name: h1, kind: hca, ports: 1}
                links:
                  - ends: [t1/1, h1/1]
                """);
        Scenario scenario = ScenarioParser.forEmbeddedDevices().parse("lids.yaml", """
                dut: {topology: fabric.yaml, device: h1}
                packets:
                  - mad: {class: SubnMgt, method: Get, attribute: NodeInfo, tid: 1}
                  - mad: {class: SubnMgt, method: Get, attribute: NodeInfo, tid: 2}
                    error: {kind: dlid, value: 9}
                  - mad: {class: SubnMgt, method: Get, attribute: NodeInfo, tid: 3}
                    error: slid
                """, dir);
        Scenario.InTopology dut = (Scenario.InTopology) scenario.dut();
        Trace trace = new Trace("tester", false);
        Vertx vertx = Vertx.vertx();
        ScenarioResult result;
        try (Bench bench = TopologyTarget.embedded(vertx, dut.topology(), dut.device(), TIMEOUT)
                .soleBench(trace)) {
            result = new ScenarioRunner(TIMEOUT).run(scenario, bench);
        } finally {
            vertx.close().await();
        }

        assertEquals(3, result.packetsSent());
        List<Long> answered = trace.frames().stream()
                .filter(f -> f.direction() == Direction.RX && SmpPackets.isSmp(f.bytes()))
                .map(f -> SmpPackets.mad(f.bytes()).header())
                .filter(h -> h.isResponse() && List.of(1L, 2L, 3L).contains(h.transactionId()))
                .map(h -> h.transactionId())
                .toList();
        assertEquals(List.of(1L), answered, "only the SMP with the right DLID and SLID is answered");
        List<Counter> moved = result.counters().stream()
                .filter(CounterChange::changed)
                .map(CounterChange::counter)
                .toList();
        assertTrue(
                moved.stream()
                        .noneMatch(c -> c == Counter.PORT_RCV_ERRORS
                                || c == Counter.SYMBOL_ERROR_COUNTER
                                || c == Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS
                                || c == Counter.VL15_DROPPED),
                "no receive error counter names DLID or SLID failures: " + moved);
    }
}
