package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.runtime.time.Scheduler;
import java.util.function.Consumer;

/**
 * Sends an SMA's traps (SubnTrap(Notice), IBA 14.2.5.1 and 14.3.11) to the master SM and repeats the latest one
 * until the SM answers with a TrapRepress of the same TID. One trap is outstanding at a time: a newer one replaces
 * it, since it carries the newer state. The repeat period follows PortInfo.SubnetTimeOut (4.096 us x 2^value),
 * never less than {@link #MIN_REPEAT_NANOS}. Event loop only.
 */
public final class TrapSender {
    static final long MIN_REPEAT_NANOS = 100_000_000L;

    private final Scheduler scheduler;
    private final Consumer<Mad> send;
    private long nextTid = 0x7000_0000L;
    private long pendingTid = -1;
    private Mad pending;
    private Scheduler.Cancellable repeat;
    private long sent;

    /** @param send puts a SubnTrap MAD on the wire toward the master SM (the device knows the LIDs and routes) */
    public TrapSender(Scheduler scheduler, Consumer<Mad> send) {
        this.scheduler = scheduler;
        this.send = send;
    }

    /** Sends {@code notice} now and repeats it every {@code subnetTimeOut} period until repressed. */
    public void raise(Notice notice, int subnetTimeOut) {
        cancelRepeat();
        pendingTid = nextTid++;
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP, pendingTid, Notice.ATTRIBUTE_ID, 0);
        byte[] data = new byte[Notice.SMP_SIZE];
        notice.encodeSmp(data, 0); // an SMP carries the first 64 bytes: no IssuerGID
        pending = Smp.of(h, 0, data).encode();
        long period = Math.max(MIN_REPEAT_NANOS, 4096L << Math.min(subnetTimeOut, 31));
        transmit(period);
    }

    /**
     * A TrapRepress arrived: stops repeating if it names the outstanding trap. Returns true when it was for a trap
     * of this sender (matched or stale), so the caller need not pass it on.
     */
    public boolean onTrapRepress(Mad repress) {
        MadHeader h = repress.header();
        if (h.method() != Method.TRAP_REPRESS || h.attributeId() != Notice.ATTRIBUTE_ID) {
            return false;
        }
        if (h.transactionId() == pendingTid) {
            cancelRepeat();
            pending = null;
            pendingTid = -1;
        }
        return true;
    }

    /** Traps sent, repeats included. */
    public long sent() {
        return sent;
    }

    public boolean outstanding() {
        return pending != null;
    }

    private void transmit(long period) {
        send.accept(pending);
        sent++;
        repeat = scheduler.schedule(period, () -> {
            if (pending != null) {
                transmit(period);
            }
        });
    }

    private void cancelRepeat() {
        if (repeat != null) {
            repeat.cancel();
            repeat = null;
        }
    }
}
