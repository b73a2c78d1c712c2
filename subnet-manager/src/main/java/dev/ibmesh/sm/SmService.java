package dev.ibmesh.sm;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.sa.SaView;
import dev.ibmesh.sm.sa.SubnetAdministrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The SM as a running service, with the SM states of IBA 14.4.1 as SMInfo reports them:
 *
 * <ul>
 *   <li>DISCOVERING: a heavy sweep. If it finds a master SM, or an SM that outranks this one (higher priority, then
 *       lower port GUID), this SM becomes STANDBY; otherwise MASTER, and it configures the subnet.</li>
 *   <li>MASTER: a light sweep every {@code interval} (OpenSM's {@code sweep_interval}, 10 s) and a heavy sweep when it
 *       or a trap says something changed. Traps (SubnTrap, LID-routed to MasterSMLID) are answered with
 *       SubnTrapRepress (IBA 14.2.4.3). A sweep that finds an SM outranking this one hands the subnet over to it
 *       (SubnSet(SMInfo) HANDOVER) and becomes STANDBY, as OpenSM does.</li>
 *   <li>STANDBY: polls the master's SMInfo every interval; after {@link #POLL_RETRIES} unanswered polls (OpenSM's
 *       {@code polling_retry_number}) it goes DISCOVERING and takes over. A HANDOVER from the master makes it MASTER
 *       (it acknowledges with ACKNOWLEDGE).</li>
 *   <li>NOTACTIVE: after SubnSet(SMInfo) DISABLE; a DISCOVER brings it back.</li>
 * </ul>
 *
 * <p>The SM announces itself on its port (PortInfo.CapabilityMask.IsSM), so SMInfo requests reach it and other SMs find
 * it. Threading: sweeps, polls and elections run on the service's own thread, one at a time; MADs that arrive only
 * queue work there.
 */
public final class SmService implements AutoCloseable {
    /** Unanswered polls of the master before a standby takes over. */
    public static final int POLL_RETRIES = 4;

    private final MadPort port;
    private final SubnetManager sm;
    private final SmInfoExchange smInfo;
    private final SubnetAdministrator sa;
    private final int priority;
    /**
     * The SM_Key (IBA 14.4.1.2): SMs cooperate only with SMs that share it, and OpenSM likewise ignores an SM whose
     * SMInfo shows another key ("ERR 2F18").
     */
    private final long smKey;
    /** The SMs ignored for their SM_Key, by port GUID: each is logged once. */
    private final Set<Long> foreignKeys = ConcurrentHashMap.newKeySet();

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
    private volatile int state = SmInfo.STATE_NOT_ACTIVE;
    private volatile SweepResult last;
    private volatile boolean up;
    private RemoteSm master;
    private RemoteSm handedTo;
    private List<RemoteSm> knownSms = List.of();
    private final Set<Long> refusedHandover = new HashSet<>();
    private int missedPolls;
    private MadPort.Subscription mads;

    /**
     * @param priority SMInfo.Priority, 0-15 (OpenSM's default is 0)
     * @param interval between light sweeps (master) or polls of the master (standby)
     */
    public SmService(MadPort port, SmOptions options, int priority, Duration interval, Consumer<String> log) {
        if (priority < 0 || priority > 15) {
            throw new IllegalArgumentException("SM priority must be 0-15, was " + priority);
        }
        this.port = port;
        this.sm = new SubnetManager(port, options, log);
        this.smInfo = new SmInfoExchange(port, sm.smps());
        this.sa = new SubnetAdministrator(port, log);
        sm.multicastMembers(sa::multicastMembers);
        sa.onMulticastChange(members -> thread.execute(() -> {
            if (state == SmInfo.STATE_MASTER && up) {
                sm.programMulticast(members);
            }
        }));
        this.priority = priority;
        this.smKey = options.smKey();
        this.interval = interval;
        this.log = log;
    }

    /** Starts the SM; the future completes at the first SUBNET UP this SM brought as master. */
    public CompletableFuture<SweepResult> start() {
        port.announceSm(true).join();
        mads = port.subscribe(
                Set.of(MgmtClass.SUBN_LID_ROUTED.code(), MgmtClass.SUBN_DIRECTED_ROUTE.code()), this::arrived);
        sa.start();
        state = SmInfo.STATE_DISCOVERING;
        requestHeavySweep("start");
        thread.scheduleWithFixedDelay(this::tick, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
        return firstUp;
    }

    /** SMInfo.SMState now. */
    public int state() {
        return state;
    }

    /** This SM is master and its last heavy sweep left the subnet up. */
    public boolean up() {
        return up && state == SmInfo.STATE_MASTER;
    }

    /** The subnet was up after some heavy sweep of this SM (readiness: it stays true when a cable is cut later). */
    public boolean everUp() {
        return firstUp.isDone();
    }

    /** Heavy sweeps this SM finished as master. */
    public int sweeps() {
        return sweeps.get();
    }

    /** SMPs this SM sent, resends included. */
    public long smpsSent() {
        return sm.smps().sent();
    }

    /** SMPs that went unanswered (each resend that timed out counts). */
    public long smpTimeouts() {
        return sm.smps().timeouts();
    }

    /** The last heavy sweep this SM finished as master, if any. */
    public Optional<SweepResult> lastSweep() {
        return Optional.ofNullable(last);
    }

    /** The SA this SM runs: it answers while this SM is master of a subnet that is up. */
    public SubnetAdministrator sa() {
        return sa;
    }

    /** This SM's SMInfo as it answers it. */
    public SmInfo smInfo() {
        return new SmInfo(port.identity().portGuid(), smKey, (int) sm.smps().sent(), priority, state);
    }

    private void requestHeavySweep(String why) {
        if (sweepQueued.compareAndSet(false, true)) {
            thread.execute(() -> heavySweep(why));
        }
    }

    private void heavySweep(String why) {
        sweepQueued.set(false);
        if (state != SmInfo.STATE_MASTER && state != SmInfo.STATE_DISCOVERING) {
            return;
        }
        try {
            Optional<SweepResult> result = sm.sweep(subnet -> elect(smInfo.remoteSms(subnet)));
            result.ifPresent(this::swept);
        } catch (RuntimeException e) {
            log.accept("heavy sweep (" + why + ") failed: " + e);
            retrySoon();
        }
    }

    /**
     * After discovery: whether this SM is (or stays) master, given the other SMs it found. A discovering SM stands by
     * only for a master; a master hands over to an SM that outranks it, once: if that SM does not take the subnet
     * (it is not master at the next poll), this SM takes it back and does not hand it to that SM again.
     */
    private boolean elect(List<RemoteSm> found) {
        long guid = port.identity().portGuid();
        List<RemoteSm> others =
                found.stream().filter(o -> sharesKey(o.info(), o.toString())).toList();
        Optional<RemoteSm> otherMaster =
                others.stream().filter(RemoteSm::isMaster).findFirst();
        knownSms = List.copyOf(others);
        Optional<RemoteSm> better = others.stream()
                .filter(o -> takesHandover(o, guid))
                .max(Comparator.comparingInt(o -> o.info().priority()));
        if (state == SmInfo.STATE_DISCOVERING && otherMaster.isPresent()) {
            standBy(otherMaster.get());
            return false;
        }
        if (state == SmInfo.STATE_MASTER && better.isPresent()) {
            handOver(better.get());
            if (state == SmInfo.STATE_STANDBY) {
                return false;
            }
        }
        if (state != SmInfo.STATE_MASTER) {
            log.accept("entering MASTER state" + (others.isEmpty() ? "" : " (other SMs: " + others + ")"));
        }
        state = SmInfo.STATE_MASTER;
        return true;
    }

    /** An SM this master should hand the subnet to: it outranks this one, stands by, and never refused before. */
    private boolean takesHandover(RemoteSm other, long guid) {
        return other.outranks(priority, guid)
                && other.info().smState() == SmInfo.STATE_STANDBY
                && !refusedHandover.contains(other.info().guid());
    }

    private void swept(SweepResult result) {
        last = result;
        up = result.up();
        sweeps.incrementAndGet();
        if (up) {
            sa.serve(new SaView(result.subnet(), result.lids(), result.routes(), result.pKeys()));
            firstUp.complete(result);
        } else {
            retrySoon();
        }
    }

    private void standBy(RemoteSm newMaster) {
        log.accept("entering STANDBY state: master is " + newMaster);
        state = SmInfo.STATE_STANDBY;
        master = newMaster;
        missedPolls = 0;
        up = false;
        sa.serve(null);
    }

    /** IBA 14.4.1.1: the master hands the subnet over to an SM that outranks it, and stands by once it accepted. */
    private void handOver(RemoteSm to) {
        log.accept("handing over to " + to);
        if (smInfo.control(to, SmInfo.HANDOVER, smInfo())) {
            standBy(to);
            handedTo = to;
        } else {
            log.accept("the handover was not accepted: staying MASTER");
            refusedHandover.add(to.info().guid());
        }
    }

    /** A sweep that left problems is tried again shortly, not only at the next interval. */
    private void retrySoon() {
        thread.schedule(() -> requestHeavySweep("retry"), 100, TimeUnit.MILLISECONDS);
    }

    /** Every interval: a light sweep as master, a poll of the master as standby. */
    private void tick() {
        try {
            if (state == SmInfo.STATE_MASTER && last != null && !sweepQueued.get()) {
                List<String> changes = LightSweep.changes(sm.smps(), last.subnet());
                changes.addAll(higherStandbys());
                if (!changes.isEmpty()) {
                    log.accept("light sweep: " + changes.get(0)
                            + (changes.size() > 1 ? " and " + (changes.size() - 1) + " more" : ""));
                    requestHeavySweep("light sweep");
                }
            } else if (state == SmInfo.STATE_STANDBY && master != null) {
                pollMaster();
            }
        } catch (RuntimeException e) {
            log.accept("periodic check failed: " + e);
        }
    }

    /** The SMs found in the last sweep that now stand by and outrank this master (a handover is due). */
    private List<String> higherStandbys() {
        long guid = port.identity().portGuid();
        List<String> due = new ArrayList<>();
        for (RemoteSm other : knownSms) {
            smInfo.poll(other)
                    .map(info -> new RemoteSm(other.port(), info))
                    .filter(now -> takesHandover(now, guid))
                    .ifPresent(now -> due.add(now + " outranks this SM"));
        }
        return due;
    }

    private void pollMaster() {
        Optional<SmInfo> answer = smInfo.poll(master);
        if (answer.isPresent() && answer.get().smState() == SmInfo.STATE_MASTER) {
            missedPolls = 0;
            handedTo = null;
            return;
        }
        if (answer.isPresent() || ++missedPolls >= POLL_RETRIES) {
            log.accept(
                    "the master " + master + (answer.isPresent() ? " is not master" : " is silent") + ": DISCOVERING");
            if (handedTo == master) {
                refusedHandover.add(master.info().guid()); // it accepted the handover but never took the subnet
            }
            state = SmInfo.STATE_DISCOVERING;
            master = null;
            handedTo = null;
            requestHeavySweep("master gone");
        }
    }

    /** A MAD for this port's host software: a trap, or an SMInfo request from another SM. */
    private void arrived(HostMad mad) {
        MadHeader h = mad.mad().header();
        try {
            if (h.method() == Method.TRAP) {
                repress(mad);
                sa.forward(mad);
                if (state == SmInfo.STATE_MASTER) {
                    requestHeavySweep("trap");
                }
            } else if (SmInfoExchange.isSmInfoRequest(h)) {
                smInfoRequest(mad);
            }
        } catch (RuntimeException e) {
            log.accept("could not handle " + mad.mad() + ": " + e);
        }
    }

    /**
     * Answered at once on the port's thread, never behind a sweep: two SMs sweeping at the same time each wait for the
     * other's SMInfo. A control (a Set) is then carried out on the SM's thread.
     */
    private void smInfoRequest(HostMad request) {
        MadHeader h = request.mad().header();
        smInfo.answer(request, smInfo());
        if (h.method() == Method.SET) {
            SmInfo from = SmInfo.decode(SmInfoExchange.data(request), 0);
            thread.execute(() -> control(h.attributeModifier(), from));
        }
    }

    /**
     * Whether {@code other} (an SM's SMInfo) has this SM's SM_Key; if not, it is logged once and takes no part in
     * election or control (IBA 14.4.1.2).
     */
    private boolean sharesKey(SmInfo other, String where) {
        if (other.smKey() == smKey) {
            return true;
        }
        if (foreignKeys.add(other.guid())) {
            log.accept(String.format(
                    "ignoring the SM %s: its SM_Key 0x%x is not this subnet's (0x%x)", where, other.smKey(), smKey));
        }
        return false;
    }

    /** SubnSet(SMInfo) controls from another SM (IBA 14.4.1, Table "SMInfo AttributeModifier"). */
    private void control(int control, SmInfo from) {
        if (!sharesKey(from, String.format("with port GUID 0x%016x", from.guid()))) {
            return;
        }
        switch (control) {
            case SmInfo.HANDOVER -> {
                if (state == SmInfo.STATE_STANDBY || state == SmInfo.STATE_DISCOVERING) {
                    log.accept(String.format("handover from the SM with port GUID 0x%016x", from.guid()));
                    RemoteSm old = master;
                    state = SmInfo.STATE_MASTER;
                    master = null;
                    if (old != null) {
                        thread.execute(() -> smInfo.control(old, SmInfo.ACKNOWLEDGE, smInfo()));
                    }
                    requestHeavySweep("handover");
                }
            }
            case SmInfo.DISABLE -> {
                log.accept("disabled by another SM: NOTACTIVE");
                state = SmInfo.STATE_NOT_ACTIVE;
                up = false;
                sa.serve(null);
            }
            case SmInfo.DISCOVER -> {
                state = SmInfo.STATE_DISCOVERING;
                requestHeavySweep("discover");
            }
            case SmInfo.STANDBY -> {
                if (state == SmInfo.STATE_NOT_ACTIVE) {
                    state = SmInfo.STATE_STANDBY;
                }
            }
            default -> {
                // ACKNOWLEDGE needs nothing more.
            }
        }
    }

    /** TrapRepress: the Trap's header and data with the method changed (IBA 13.4.6.2, 14.2.4.3). */
    private void repress(HostMad trap) {
        byte[] bytes = trap.mad().toBytes();
        trap.mad().header().withMethod(Method.TRAP_REPRESS).encode(bytes, 0);
        port.send(HostMad.smp(trap.remoteLid(), Mad.copyOf(bytes)));
    }

    @Override
    public void close() {
        if (mads != null) {
            mads.close();
        }
        sa.close();
        thread.shutdownNow();
        state = SmInfo.STATE_NOT_ACTIVE;
        port.announceSm(false);
    }
}
