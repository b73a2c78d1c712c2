package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.ReceivePolicy;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.bench.SimpleLinkView;
import dev.ibmesh.tester.bench.SmpClient;
import dev.ibmesh.tester.generator.CounterChange;
import dev.ibmesh.tester.generator.DataSink;
import dev.ibmesh.tester.generator.GeneratorException;
import dev.ibmesh.tester.generator.PacketGenerator;
import dev.ibmesh.tester.generator.PortCountersReader;
import dev.ibmesh.tester.generator.Sequence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a {@link Scenario} on a bench: reads the DUT port's PortInfo (for the VLs it operates) and PortCounters, sends
 * every entry in order while a {@link DataSink} takes what the DUT sends to other QPs, listens for the scenario's sink
 * time, and reads the counters again. The PortCounters GMP after the last packet also marks the end: the DUT handles
 * what arrives on the link in order, so its answer comes after it has dealt with every packet sent before.
 *
 * <p>Threading: blocks its caller for the whole run.
 */
public final class ScenarioRunner {
    /** Data packets the sink keeps; it counts them all, and the trace has them all. */
    static final int SINK_KEEP = 10_000;

    private final Duration timeout;

    /** @param timeout how long a MAD may take to be answered, and a sequence to leave beyond its gaps */
    public ScenarioRunner(Duration timeout) {
        this.timeout = timeout;
    }

    /** @throws GeneratorException when the DUT does not answer the tester's MADs or a sequence cannot be sent */
    public ScenarioResult run(Scenario scenario, Bench bench) {
        Exerciser exerciser = bench.exerciser()
                .orElseThrow(() -> new GeneratorException(
                        "the bench cannot send raw packets (" + bench.description() + ")", null));
        SimpleLinkView link = bench.link();
        Scenario.Addresses addresses =
                new Scenario.Addresses(link.testerLid(), link.dutLid(), operationalVls(bench, link));
        PortCountersReader counters = PortCountersReader.of(bench, timeout);
        PortCounters before = counters.read();
        PacketGenerator generator = new PacketGenerator(exerciser);
        List<ScenarioResult.Sent> sent = new ArrayList<>();
        try (DataSink sink = DataSink.start(exerciser, SINK_KEEP, false)) {
            for (Scenario.Entry entry : scenario.entries()) {
                Sequence s = entry.sequence(addresses);
                generator.send(s, timeout.plus(s.gap().multipliedBy(s.count())));
                sent.add(new ScenarioResult.Sent(
                        entry.name(), s.count(), s.packet().link()));
            }
            if (!scenario.sink().isZero()) {
                await(
                        exerciser.after(scenario.sink().toNanos()),
                        scenario.sink().plus(timeout));
            }
            PortCounters after = counters.read();
            return new ScenarioResult(sent, sink.packets(), counters.dutPort(), CounterChange.between(before, after));
        }
    }

    /** The number of data VLs the DUT's port on the link operates (PortInfo.OperationalVLs, IBA 14.2.5.6). */
    private int operationalVls(Bench bench, SimpleLinkView link) {
        PortInfo info;
        try {
            info = PortInfo.decode(
                    new SmpClient(bench.madPort(), timeout)
                            .getData(PortInfo.ATTRIBUTE_ID, link.dutPort(), link.pathToDut()),
                    0);
        } catch (RuntimeException e) {
            throw new GeneratorException("reading the DUT's PortInfo: " + e.getMessage(), e);
        }
        try {
            return ReceivePolicy.dataVls(info.operationalVls());
        } catch (IllegalArgumentException e) {
            throw new GeneratorException("the DUT's PortInfo: " + e.getMessage(), e);
        }
    }

    private static void await(CompletableFuture<?> f, Duration limit) {
        try {
            f.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeneratorException("interrupted while listening", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new GeneratorException("the tester's clock did not run: " + e, e);
        }
    }
}
