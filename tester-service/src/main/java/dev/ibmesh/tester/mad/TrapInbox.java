package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.tester.engine.TesterError;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The SubnTrap(Notice) SMPs that reach the tester's port while it is open, each with the time it arrived on the
 * run's clock (the trace's), so that a procedure measures the interval between a trap and its repeat instead of
 * assuming it. The tester is the master SM of its SimpleLink, so the DUT's traps come here.
 *
 * <p>Threading: traps are queued on the port's thread; the procedure's thread waits for them.
 */
public final class TrapInbox implements AutoCloseable {
    /**
     * A trap received.
     *
     * @param nanos when it arrived, in nanoseconds of the run's clock
     */
    public record Trap(long nanos, HostMad mad, Notice notice) {
        public long transactionId() {
            return mad.mad().header().transactionId();
        }

        /** TrapNumber of a generic notice, -1 for a vendor notice. */
        public int trapNumber() {
            return notice.genericForm() ? notice.trapNumber() : -1;
        }
    }

    private final BlockingQueue<Trap> queue = new LinkedBlockingQueue<>();
    private final MadPort.Subscription subscription;

    TrapInbox(MadPort port, LongSupplier clock) {
        subscription =
                port.subscribe(Set.of(MgmtClass.SUBN_LID_ROUTED.code(), MgmtClass.SUBN_DIRECTED_ROUTE.code()), mad -> {
                    long now = clock.getAsLong();
                    if (mad.mad().header().method() == Method.TRAP
                            && mad.mad().header().attributeId() == Notice.ATTRIBUTE_ID
                            && mad.mad().mgmtClass() == MgmtClass.SUBN_LID_ROUTED) {
                        queue.add(new Trap(
                                now, mad, Notice.decodeSmp(Smp.decode(mad.mad()).data(), 0)));
                    }
                });
    }

    /**
     * The next trap with this TrapNumber that arrives within {@code within}; traps of other numbers are passed over.
     * Empty when none came.
     */
    public Optional<Trap> next(int trapNumber, Duration within) {
        return next(trapNumber, t -> true, within);
    }

    /**
     * The next trap with this TrapNumber that {@code wanted} accepts, arriving within {@code within}; other traps are
     * passed over (a trap raised before the procedure's change may still be repeating). Empty when none came.
     */
    public Optional<Trap> next(int trapNumber, Predicate<Trap> wanted, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                Trap t = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : queue.poll();
                if (t == null) {
                    return Optional.empty();
                }
                if (t.trapNumber() == trapNumber && wanted.test(t)) {
                    return Optional.of(t);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TesterError("interrupted while waiting for trap " + trapNumber, e);
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
