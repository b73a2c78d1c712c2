package dev.ibmesh.tester.bench;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadWatcher;
import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkWidth;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a procedure changes on the tester's event loop (an exerciser setting, a MAD subscription) is in effect when
 * the call returns. Queued to the loop without waiting, a capture could be set only after the DUT's first packet was
 * taken, since gRPC hands a link stream's messages to the loop in one task for as long as they keep coming: the
 * Transport Tester then missed that packet now and then, on a busy machine.
 */
class InEffectOnReturnTest {
    private static final MadWatcher NO_WATCHER = new MadWatcher() {
        @Override
        public void sent(HostMad mad) {}

        @Override
        public void received(HostMad mad) {}
    };

    private static Vertx vertx;
    private static Fabric fabric;
    private static TesterDevice tester;
    private static Exerciser exerciser;
    private static MadPort madPort;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        SimpleLinkSpec spec =
                new SimpleLinkSpec("hca", List.of(), LinkWidth.W4X, LinkSpeed.QDR, Optional.empty(), Optional.empty());
        fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(EmbeddedBench.topology(spec)),
                        new DeviceKinds(),
                        new InProcessLinkTransport("in-effect-on-return"),
                        new SimpleMeterRegistry())
                .await(20, TimeUnit.SECONDS);
        tester = (TesterDevice) fabric.device(EmbeddedBench.TESTER);
        exerciser = tester.exerciser(1, new Trace("tester", false));
        madPort = AgentMadPort.open(new HcaHostPort(tester, 1)).get(20, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        madPort.close();
        fabric.stop().await(10, TimeUnit.SECONDS);
        vertx.close().await();
    }

    @ParameterizedTest
    @ValueSource(strings = {"capture", "hold", "ignoreCredits", "subscribe", "watch"})
    void aChangeReturnsOnlyOnceTheEventLoopHasMadeIt(String change) throws Exception {
        AtomicReference<Runnable> undo = new AtomicReference<>();
        Runnable make = switch (change) {
            case "capture" ->
                () -> {
                    exerciser.capture(frame -> {});
                    undo.set(() -> exerciser.capture(null));
                };
            case "hold" ->
                () -> {
                    exerciser.hold(true);
                    undo.set(() -> exerciser.hold(false));
                };
            case "ignoreCredits" ->
                () -> {
                    exerciser.ignoreCredits(true);
                    undo.set(() -> exerciser.ignoreCredits(false));
                };
            case "subscribe" -> () -> undo.set(madPort.subscribe(Set.of(0x81), mad -> {})::close);
            default -> () -> undo.set(madPort.watch(NO_WATCHER)::close);
        };
        CountDownLatch loopBusy = new CountDownLatch(1);
        CountDownLatch loopFree = new CountDownLatch(1);
        tester.loop().execute(() -> {
            loopBusy.countDown();
            awaitQuietly(loopFree);
        });
        loopBusy.await();
        Thread caller = new Thread(make, "caller");
        caller.start();
        Thread.State state;
        while ((state = caller.getState()) != Thread.State.TERMINATED
                && state != Thread.State.WAITING
                && state != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait(); // until the caller either returned or waits for the loop
        }
        loopFree.countDown();
        caller.join();
        undo.get().run();
        assertNotEquals(Thread.State.TERMINATED, state, change + " returned before the event loop had made it");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
