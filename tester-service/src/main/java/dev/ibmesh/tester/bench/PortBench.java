package dev.ibmesh.tester.bench;

import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A bench on one port of a running tester device: the port's exerciser recording into this run's trace, a MadPort
 * on it, the link brought up by {@link LinkSetup} if no SM did, and, for a CA DUT, a channel to the DUT's verbs.
 * Closing it lets go of all that and, when the bench started its own fabric, stops it.
 */
public final class PortBench extends LinkedBench {
    private final Exerciser exerciser;
    private final ManagedChannel dutVerbs;
    private final Optional<Fabric> owned;

    private PortBench(
            String description,
            String dutName,
            Exerciser exerciser,
            MadPort madPort,
            SimpleLinkView link,
            Trace trace,
            ManagedChannel dutVerbs,
            Optional<Fabric> owned) {
        super(description, dutName, madPort, link, trace);
        this.exerciser = exerciser;
        this.dutVerbs = dutVerbs;
        this.owned = owned;
    }

    /** Where the DUT is and how to reach its verbs. */
    public record Dut(String name, String kind, String verbsAddress, LinkTransport transport) {}

    /**
     * Opens a bench on {@code port} of {@code tester}, waiting at most {@code ready} for the link to train and the
     * setup's SMPs to be answered.
     *
     * @param owned a fabric the bench stops when it closes (an embedded SimpleLink), or empty
     * @throws BenchException when the link does not come up
     */
    public static PortBench open(
            TesterDevice tester,
            int port,
            Dut dut,
            Trace trace,
            Duration ready,
            String description,
            Optional<Fabric> owned) {
        MadPort madPort = null;
        ManagedChannel verbs = null;
        try {
            Exerciser exerciser = tester.exerciser(port, trace);
            await(tester.linkUp(port), ready, "the link to the DUT did not train");
            madPort = await(AgentMadPort.open(new HcaHostPort(tester, port)), ready, "the tester's port did not open");
            SimpleLinkView link = new LinkSetup(new SmpClient(madPort, ready), port).bringUp();
            if (dut.kind().equals("hca")) {
                verbs = dut.transport().channel(dut.verbsAddress(), Runnable::run);
            }
            return new PortBench(description, dut.name(), exerciser, madPort, link, trace, verbs, owned);
        } catch (RuntimeException e) {
            if (madPort != null) {
                madPort.close();
            }
            owned.ifPresent(Fabric::stop);
            throw e instanceof BenchException b ? b : new BenchException("setting up the link failed: " + e, e);
        }
    }

    static <T> T await(CompletableFuture<T> f, Duration timeout, String what) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BenchException(what + " within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException(what + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new BenchException(what + ": " + e.getCause(), e.getCause());
        }
    }

    @Override
    public Optional<Exerciser> exerciser() {
        return Optional.of(exerciser);
    }

    @Override
    public Optional<Channel> dutVerbs() {
        return Optional.ofNullable(dutVerbs);
    }

    @Override
    public void close() {
        exerciser.capture(null);
        exerciser.ignoreCredits(false);
        madPort().close();
        if (dutVerbs != null) {
            dutVerbs.shutdownNow();
        }
        owned.ifPresent(f -> {
            try {
                f.stop().await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // The devices are going away with the run; a slow undeploy is not the verdict's business.
            }
        });
    }
}
