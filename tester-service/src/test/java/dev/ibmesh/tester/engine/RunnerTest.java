package dev.ibmesh.tester.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.DutPath;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.bench.SimpleLinkView;
import dev.ibmesh.tester.bench.Trace;
import io.grpc.Channel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The engine's time limit holds for a whole run, its cleanup included. */
class RunnerTest {
    /** Set when the bench of the run was closed (what the limit does before it interrupts). */
    static final AtomicBoolean BENCH_CLOSED = new AtomicBoolean();

    @Test
    @Timeout(30)
    void aCleanupThatNeverEndsIsStoppedAtTheRunsLimitAndTheVerdictStands() {
        BENCH_CLOSED.set(false);
        ProcedureDescriptor d = ProcedureDescriptor.of(C99_901_01.class);
        RunItem item = new RunItem(d, new Configuration(Width.X4, Speed.QDR, Map.of()), "switch");
        Runner runner = new Runner(
                (i, trace) -> new StubBench(trace), 1, Duration.ofMillis(300), RunListener.NONE, Optional.empty());

        long start = System.nanoTime();
        ProcedureResult result = runner.run(List.of(item)).get(0);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertEquals(
                Verdict.Kind.PASS, result.verdict().kind(), result.verdict().describe());
        assertTrue(BENCH_CLOSED.get(), "the limit closes the bench the cleanup waits on");
        assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "the run ended at its limit, took " + took);
        assertTrue(
                result.steps().stream()
                        .flatMap(s -> s.events().stream())
                        .anyMatch(e -> e.text().contains("cleanup failed (the run's time was up)")),
                "the log says why the cleanup stopped");
    }

    /** Passes at once; its cleanup waits for a DUT that never answers. */
    @Cts(
            id = "C99_901_01",
            title = "a procedure whose cleanup hangs",
            coverage = {"none"},
            assertions = {"none"},
            tester = Role.MAD_TESTER,
            dut = DutKind.SWITCH)
    public static final class C99_901_01 extends Procedure {
        @Override
        protected void initialize() {}

        @Override
        protected void execute() {}

        @Override
        protected void cleanup() throws InterruptedException {
            new CountDownLatch(1).await();
        }
    }

    private record StubBench(Trace trace) implements Bench {
        @Override
        public String description() {
            return "a bench with nothing behind it";
        }

        @Override
        public String dutName() {
            return "stub";
        }

        @Override
        public MadPort madPort() {
            throw new UnsupportedOperationException("not used");
        }

        @Override
        public SimpleLinkView link() {
            byte[] switchNode = new byte[NodeInfo.SIZE];
            switchNode[2] = (byte) NodeInfo.NODE_TYPE_SWITCH;
            return new SimpleLinkView(1, 1, NodeInfo.decode(switchNode, 0), 1, 2, DutPath.direct(1));
        }

        @Override
        public Optional<Exerciser> exerciser() {
            return Optional.empty();
        }

        @Override
        public Optional<Channel> dutVerbs() {
            return Optional.empty();
        }

        @Override
        public void close() {
            BENCH_CLOSED.set(true);
        }
    }
}
