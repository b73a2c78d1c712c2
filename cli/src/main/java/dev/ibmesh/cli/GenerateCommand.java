package dev.ibmesh.cli;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.runtime.topology.TopologyProblem;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.BenchException;
import dev.ibmesh.tester.bench.EmbeddedBench;
import dev.ibmesh.tester.bench.SimpleLinkSpec;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.generator.CounterChange;
import dev.ibmesh.tester.generator.GeneratorException;
import dev.ibmesh.tester.generator.scenario.Scenario;
import dev.ibmesh.tester.generator.scenario.ScenarioException;
import dev.ibmesh.tester.generator.scenario.ScenarioParser;
import dev.ibmesh.tester.generator.scenario.ScenarioResult;
import dev.ibmesh.tester.generator.scenario.ScenarioRunner;
import dev.ibmesh.tester.target.TopologyTarget;
import dev.ibmesh.text.FrameDescriber;
import dev.ibmesh.text.FrameDescription;
import dev.ibmesh.trace.Direction;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh generate SCENARIO.yaml}: the packet generator by hand. Starts the scenario's DUT on a SimpleLink with
 * the tester (an embedded switch or HCA, or a device of a topology), sends the scenario's packets, and prints every
 * frame that crossed the tester's port, decoded, then the DUT port's PortCounters before and after; the frames go to
 * a pcap file. The scenario's schema is in {@link ScenarioParser}.
 */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = "Send the packets a scenario describes (any field, deliberate errors, sequences, credits obeyed"
                + " or ignored) to a DUT and show what happened.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the scenario ran (whatever the DUT did with the packets)",
            "2:wrong usage: no such file, or the scenario is not valid (each problem as file:line:col)",
            "3:the scenario could not run: the DUT did not start or answer, a packet could not be sent"
        })
final class GenerateCommand implements Callable<Integer> {
    static final int EXIT_USAGE = 2;
    static final int EXIT_NOT_RUN = 3;
    /** How long the DUT may take to come up, answer a MAD, or take a sequence. */
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** The link-layer receive errors, shown whether they moved or not: what an injected error should move. */
    private static final Set<Counter> ALWAYS_SHOWN = EnumSet.of(
            Counter.SYMBOL_ERROR_COUNTER,
            Counter.PORT_RCV_ERRORS,
            Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS,
            Counter.PORT_RCV_SWITCH_RELAY_ERRORS,
            Counter.VL15_DROPPED);

    @Parameters(paramLabel = "SCENARIO", description = "The scenario (YAML).")
    Path file;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "The pcap file to write (overrides the scenario's 'output'; default NAME.pcap).")
    Path output;

    @Option(
            names = {"-v", "--verbose"},
            description = "Print every field of every frame.")
    boolean verbose;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(file)) {
            err.println("ibmesh generate: " + file + ": no such file");
            return EXIT_USAGE;
        }
        Scenario scenario;
        try {
            scenario = ScenarioParser.forEmbeddedDevices().parse(file);
        } catch (ScenarioException e) {
            err.println("ibmesh generate: " + file + " is not a valid scenario:");
            for (TopologyProblem p : e.problems()) {
                err.println("  " + p);
            }
            return EXIT_USAGE;
        } catch (IOException e) {
            err.println("ibmesh generate: " + file + ": " + e.getMessage());
            return EXIT_USAGE;
        }
        Path pcap = Optional.ofNullable(output).or(scenario::output).orElse(Path.of(scenario.name() + ".pcap"));
        long start = System.nanoTime();
        Trace trace = new Trace("tester", scenario.linkPackets());
        ScenarioResult result;
        int setupFrames;
        Vertx vertx = Vertx.vertx();
        try (Bench bench = bench(vertx, scenario, trace)) {
            out.println("ibmesh generate: " + scenario.name() + " on " + bench.description());
            setupFrames = trace.frames().size();
            result = new ScenarioRunner(TIMEOUT).run(scenario, bench);
        } catch (BenchException | GeneratorException e) {
            err.println("ibmesh generate: " + scenario.name() + " could not run: " + e.getMessage());
            return EXIT_NOT_RUN;
        } finally {
            vertx.close().await();
        }
        printFrames(out, trace.frames(), setupFrames);
        printSummary(out, result, trace.frames(), pcap, System.nanoTime() - start);
        try {
            Path dir = pcap.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            trace.write(pcap);
        } catch (IOException e) {
            err.println("ibmesh generate: cannot write " + pcap + ": " + e.getMessage());
            return EXIT_NOT_RUN;
        }
        return 0;
    }

    private static Bench bench(Vertx vertx, Scenario scenario, Trace trace) {
        if (scenario.dut() instanceof Scenario.InTopology t) {
            return TopologyTarget.embedded(vertx, t.topology(), t.device(), TIMEOUT)
                    .soleBench(trace);
        }
        Scenario.Embedded e = (Scenario.Embedded) scenario.dut();
        return EmbeddedBench.start(
                vertx,
                new SimpleLinkSpec(
                        e.kind(),
                        e.deviations(),
                        scenario.width().link(),
                        scenario.speed().linkSpeed(),
                        scenario.speed().linkSpeedExt(),
                        Optional.empty()),
                trace,
                TIMEOUT);
    }

    /** Every frame, under two headings: the bench's link setup, then the scenario (with the counters read). */
    private void printFrames(PrintWriter out, List<Trace.Frame> frames, int setupFrames) {
        long first = frames.isEmpty() ? 0 : frames.get(0).nanos();
        out.println("-- link setup: the tester's SMPs that bring the link to Active and route the two LIDs");
        for (Trace.Frame f : frames) {
            if (f.index() == setupFrames) {
                out.println(
                        "-- the scenario: the DUT port's PortInfo (its VLs) and PortCounters, the packets, PortCounters again");
            }
            FrameDescription d = f.link() ? FrameDescriber.linkPacket(f.bytes()) : FrameDescriber.dataPacket(f.bytes());
            out.println(FrameLine.of(f.index() + 1, f.nanos() - first, "tester", f.direction(), f.bytes().length, d));
            if (verbose) {
                d.details().forEach(detail -> out.println("        " + detail));
            }
        }
    }

    private static void printSummary(
            PrintWriter out, ScenarioResult result, List<Trace.Frame> frames, Path pcap, long wallNanos) {
        long received =
                frames.stream().filter(f -> f.direction() == Direction.RX).count();
        int link = result.sent().stream()
                .filter(ScenarioResult.Sent::link)
                .mapToInt(ScenarioResult.Sent::packets)
                .sum();
        out.printf(
                "summary: %d packets sent (%d data, %d flow-control); %d frames on the tester's port (%d sent, %d"
                        + " received), %d for the data sink; %.1f s; trace %s%n",
                result.packetsSent(),
                result.packetsSent() - link,
                link,
                frames.size(),
                frames.size() - received,
                received,
                result.sinkPackets(),
                wallNanos / 1e9,
                pcap);
        out.printf("DUT port %d PortCounters, before -> after:%n", result.dutPort());
        for (CounterChange c : result.counters()) {
            if (c.changed() || ALWAYS_SHOWN.contains(c.counter())) {
                String line = String.format("  %-30s %10d -> %d", c.counter().specName(), c.before(), c.after());
                out.println(c.changed() ? String.format("%-58s (%+d)", line, c.delta()) : line);
            }
        }
    }
}
