package dev.ibmesh.sm;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The SM as a running service: heavy sweeps until the subnet is up, then a light sweep every {@code interval}
 * (OpenSM's {@code sweep_interval}, 10 s) and a heavy sweep when the light sweep or a trap says something changed.
 * Traps (SubnTrap, LID-routed to this port as MasterSMLID) are answered with SubnTrapRepress (IBA 14.2.4.3: the SM
 * represses a trap it received, so the SMA stops resending it).
 *
 * <p>Threading: every sweep runs on the service's own thread, one at a time; trap arrivals only queue a sweep.
 */
public final class SmService implements AutoCloseable {
    private final MadPort port;
    private final SubnetManager sm;
    private final Duration interval;
    private final Consumer<String> log;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ibmesh-sm");
        t.setDaemon(true);
        return t;
    });
    private final CompletableFuture<SweepResult> firstUp = new CompletableFuture<>();
    private final AtomicBoolean sweepQueued = new AtomicBoolean();
    private final AtomicInteger sweeps = new AtomicInteger();
    private volatile SweepResult last;
    private volatile boolean up;
    private MadPort.Subscription traps;

    public SmService(MadPort port, SmOptions options, Duration interval, Consumer<String> log) {
        this.port = port;
        this.sm = new SubnetManager(port, options, log);
        this.interval = interval;
        this.log = log;
    }

    /** Starts sweeping; the future completes at the first SUBNET UP. */
    public CompletableFuture<SweepResult> start() {
        traps = port.subscribe(Set.of(MgmtClass.SUBN_LID_ROUTED.code()), this::onTrap);
        requestHeavySweep("start");
        thread.scheduleWithFixedDelay(this::lightSweep, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
        return firstUp;
    }

    /** The subnet was up after the last heavy sweep. */
    public boolean up() {
        return up;
    }

    /** The subnet was up after some heavy sweep (what readiness waits for: it stays true when a cable is cut later). */
    public boolean everUp() {
        return firstUp.isDone();
    }

    /** Heavy sweeps finished so far. */
    public int sweeps() {
        return sweeps.get();
    }

    /** The last heavy sweep, or null before the first ended. */
    public SweepResult lastSweep() {
        return last;
    }

    private void requestHeavySweep(String why) {
        if (sweepQueued.compareAndSet(false, true)) {
            thread.execute(() -> heavySweep(why));
        }
    }

    private void heavySweep(String why) {
        sweepQueued.set(false);
        SweepResult result;
        try {
            result = sm.sweep();
        } catch (RuntimeException e) {
            log.accept("heavy sweep (" + why + ") failed: " + e);
            retrySoon();
            return;
        }
        last = result;
        up = result.up();
        sweeps.incrementAndGet();
        if (up) {
            firstUp.complete(result);
        } else {
            retrySoon();
        }
    }

    /** A sweep that left problems is tried again shortly, not only at the next interval. */
    private void retrySoon() {
        thread.schedule(() -> requestHeavySweep("retry"), 100, TimeUnit.MILLISECONDS);
    }

    private void lightSweep() {
        SweepResult before = last;
        if (before == null || sweepQueued.get()) {
            return;
        }
        List<String> changes = LightSweep.changes(sm.smps(), before.subnet());
        if (!changes.isEmpty()) {
            log.accept("light sweep: " + changes.get(0)
                    + (changes.size() > 1 ? " and " + (changes.size() - 1) + " more" : ""));
            requestHeavySweep("light sweep");
        }
    }

    private void onTrap(HostMad mad) {
        MadHeader h = mad.mad().header();
        if (h.method() != Method.TRAP) {
            return;
        }
        // TrapRepress: the Trap's header and data with the method changed (IBA 13.4.6.2, 14.2.4.3).
        byte[] bytes = mad.mad().toBytes();
        h.withMethod(Method.TRAP_REPRESS).encode(bytes, 0);
        port.send(HostMad.smp(mad.remoteLid(), Mad.copyOf(bytes)));
        requestHeavySweep("trap");
    }

    @Override
    public void close() {
        if (traps != null) {
            traps.close();
        }
        thread.shutdownNow();
    }
}
