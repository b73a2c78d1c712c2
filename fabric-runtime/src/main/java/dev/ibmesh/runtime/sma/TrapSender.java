package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.time.Scheduler;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends an SMA's traps (SubnTrap(Notice), IBA 14.2.5.1 and 14.3.11) to the master SM and repeats each until the SM
 * answers with a TrapRepress of the same TID. A trap goes out only when the issuing end port advertises
 * CapabilityMask.IsTrapSupported, has a LID and knows its master SM (PortInfo.MasterSMLID): before an SM configured
 * the port there is nobody to tell. One trap per trap number is outstanding: a newer one of the same number
 * replaces it, since it carries the newer state, while traps of other numbers keep repeating. A repeat is the same
 * MAD, TID included (o13-5). The repeat period follows PortInfo.SubnetTimeOut (4.096 us x 2^value, o14-2 as Linux
 * qib and hfi1 apply it), never less than {@link #MIN_REPEAT_NANOS}. Event loop only.
 */
public final class TrapSender {
    static final long MIN_REPEAT_NANOS = 100_000_000L;

    private static final Logger LOG = LoggerFactory.getLogger(TrapSender.class);

    /** A trap being repeated. */
    private static final class Pending {
        final Mad trap;
        Scheduler.Cancellable repeat;

        Pending(Mad trap) {
            this.trap = trap;
        }
    }

    private final String issuer;
    private final Scheduler scheduler;
    private final Consumer<Mad> send;
    private final boolean honourRepress;
    private final Map<Integer, Pending> pendingByTrapNumber = new HashMap<>();
    private long nextTid = 0x7000_0000L;
    private long sent;

    /**
     * @param issuer the issuing port as logs name it ("sw1/0", "h1/1")
     * @param send   puts a SubnTrap MAD on the wire toward the master SM (the device knows the LIDs and routes)
     */
    public TrapSender(String issuer, Scheduler scheduler, Consumer<Mad> send) {
        this(issuer, scheduler, send, true);
    }

    /**
     * @param honourRepress false only for a device deviating on purpose: it answers TrapRepress as usual but keeps
     *                      repeating the trap
     */
    public TrapSender(String issuer, Scheduler scheduler, Consumer<Mad> send, boolean honourRepress) {
        this.issuer = issuer;
        this.scheduler = scheduler;
        this.send = send;
        this.honourRepress = honourRepress;
    }

    /**
     * Sends {@code notice} now and repeats it until repressed, if {@code endPort} (the issuing port's PortInfo) may
     * send traps. Returns whether it was sent.
     */
    public boolean raise(Notice notice, PortInfo endPort) {
        if (!endPort.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)
                || endPort.lid() == 0
                || endPort.masterSmLid() == 0) {
            LOG.debug("{} trap {} not sent: no trap support, LID or master SM yet", issuer, notice.trapNumber());
            return false;
        }
        int trapNumber = notice.trapNumber();
        cancel(pendingByTrapNumber.remove(trapNumber));
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP, nextTid++, Notice.ATTRIBUTE_ID, 0);
        byte[] data = new byte[Notice.SMP_SIZE];
        notice.encodeSmp(data, 0); // an SMP carries the first 64 bytes: no IssuerGID
        Pending p = new Pending(Smp.of(h, 0, data).encode());
        pendingByTrapNumber.put(trapNumber, p);
        long period = Math.max(MIN_REPEAT_NANOS, 4096L << Math.min(endPort.subnetTimeOut(), 31));
        LOG.info(
                "{} trap {} to the SM at LID {} (TID 0x{}), repeated every {} ms until repressed",
                issuer,
                trapNumber,
                endPort.masterSmLid(),
                Long.toHexString(h.transactionId()),
                period / 1_000_000);
        transmit(p, period);
        return true;
    }

    /**
     * A TrapRepress arrived: stops repeating the trap whose TID it names (the SM represses a trap by echoing its
     * TID, IBA 14.2.5.1). Returns true when it was a TrapRepress of a Notice (matched or stale), so the caller need
     * not pass it on: an SMA does not answer it (IBA o14-3.a4).
     */
    public boolean onTrapRepress(Mad repress) {
        MadHeader h = repress.header();
        if (h.method() != Method.TRAP_REPRESS || h.attributeId() != Notice.ATTRIBUTE_ID) {
            return false;
        }
        if (honourRepress) {
            pendingByTrapNumber.values().removeIf(p -> {
                boolean match = p.trap.header().transactionId() == h.transactionId();
                if (match) {
                    LOG.debug("{} trap (TID 0x{}) repressed", issuer, Long.toHexString(h.transactionId()));
                    cancel(p);
                }
                return match;
            });
        }
        return true;
    }

    /** Traps sent, repeats included. */
    public long sent() {
        return sent;
    }

    /** Traps being repeated. */
    public int outstanding() {
        return pendingByTrapNumber.size();
    }

    private void transmit(Pending p, long period) {
        send.accept(p.trap);
        sent++;
        p.repeat = scheduler.schedule(period, () -> {
            if (pendingByTrapNumber.containsValue(p)) {
                transmit(p, period);
            }
        });
    }

    private static void cancel(Pending p) {
        if (p != null && p.repeat != null) {
            p.repeat.cancel();
        }
    }
}
