package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.generator.PacketSpec;
import dev.ibmesh.tester.generator.Sequence;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A packet generator scenario as {@link ScenarioParser} read it: the DUT and its link, the packets to send in order,
 * how long to listen afterwards, and where the capture goes.
 *
 * @param linkPackets whether the trace and the output keep the link's flow-control packets
 * @param sink        how long to keep capturing after the last packet left
 * @param output      the pcap file, when the scenario names one
 */
public record Scenario(
        String name,
        Dut dut,
        Width width,
        Speed speed,
        boolean linkPackets,
        List<Entry> entries,
        Duration sink,
        Optional<Path> output) {
    public Scenario {
        entries = List.copyOf(entries);
    }

    /** The device under test. */
    public sealed interface Dut permits Embedded, InTopology {}

    /** A switch or an HCA the generator starts itself, on a SimpleLink of the scenario's width and speed. */
    public record Embedded(String kind, List<String> deviations) implements Dut {
        public Embedded {
            deviations = List.copyOf(deviations);
        }
    }

    /** {@code device} of a topology whose devices all start in this JVM, with a tester device cabled to it. */
    public record InTopology(Path file, Topology topology, String device) implements Dut {}

    /** What a packet's description needs from the bench it is sent on. */
    public record Addresses(int testerLid, int dutLid, int dutOperationalVls) {
        /** Stand-ins, for checking at parse time that a description can be built at all. */
        static final Addresses EXAMPLE = new Addresses(1, 2, 8);
    }

    /** A packet description whose LIDs (and default VL error) are settled on the bench. */
    @FunctionalInterface
    public interface Recipe {
        PacketSpec packet(Addresses addresses);
    }

    /** One entry of {@code packets:}: a packet, how often, how far apart, obeying the DUT's credits or not. */
    public record Entry(String name, Recipe recipe, int count, Duration gap, Sequence.Credits credits) {
        /** The entry as a sequence on a bench with these addresses. */
        public Sequence sequence(Addresses addresses) {
            return new Sequence(recipe.packet(addresses), count, gap, credits);
        }
    }
}
