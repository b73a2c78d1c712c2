package dev.ibmesh.cli;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.umad.SimClientException;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import dev.ibmesh.sm.SweepResult;
import dev.ibmesh.tester.run.TargetSpec;
import dev.ibmesh.tester.run.UsageException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code ibmesh sm --target ibsim:HOST:PORT,NODE|umad:DEVICE:PORT}: ibmesh's SM on a fabric ibmesh did not build,
 * through a MAD-only backend, as OpenSM runs on ibsim under {@code ibsim-run} or on a host's HCA. It learns the fabric through SMPs only, so nothing changes
 * but the port it sends them from.
 */
final class ForeignSm {
    /** How long the SM's port may take to attach. */
    private static final Duration ATTACH = Duration.ofSeconds(5);
    /** How long {@code --once} waits for the first SUBNET UP (OpenSM -o gives up on its own terms too). */
    private static final Duration FIRST_SWEEP = Duration.ofMinutes(5);

    private final PrintWriter out;
    private final SmOptions options;
    private final int priority;

    ForeignSm(PrintWriter out, SmOptions options, int priority) {
        this.out = out;
        this.options = options;
        this.priority = priority;
    }

    /**
     * Attaches, sweeps, and either exits after the first sweep ({@code once}) or keeps managing the subnet until the
     * process is stopped.
     *
     * @throws IllegalArgumentException for a target that cannot be read
     */
    int run(String target, boolean once) {
        TargetSpec.Foreign where;
        try {
            if (!(TargetSpec.parse(target) instanceof TargetSpec.Foreign f)) {
                throw new IllegalArgumentException(
                        "--target " + target + ": the SM runs on ibsim:HOST:PORT,NODE or umad:DEVICE:PORT");
            }
            where = f;
        } catch (UsageException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        MadPort port;
        try {
            port = where.open(ATTACH);
        } catch (SimClientException | MadSendException e) {
            out.println("ibmesh sm: " + e.getMessage());
            out.flush();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        say("on " + port.identity() + " (" + where + "), priority " + priority + ", routing " + options.routing());
        try (SmService sm = new SmService(port, options, priority, EmbeddedSm.SWEEP_INTERVAL, this::say)) {
            SweepResult first = sm.start().get(FIRST_SWEEP.toMillis(), TimeUnit.MILLISECONDS);
            if (once) {
                return first.up() ? 0 : 1;
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> { // SIGTERM: let go of the port as OpenSM does
                                sm.close();
                                port.close();
                                stopped.countDown();
                            }));
            stopped.await(); // managing the subnet until the process is stopped
            return 0;
        } catch (TimeoutException e) {
            say("no SUBNET UP within " + FIRST_SWEEP.toSeconds() + " s");
            return 1;
        } catch (ExecutionException e) {
            say("the first sweep failed: " + e.getCause());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            port.close();
        }
    }

    private void say(String line) {
        out.println("ibmesh sm: " + line);
        out.flush();
    }
}
