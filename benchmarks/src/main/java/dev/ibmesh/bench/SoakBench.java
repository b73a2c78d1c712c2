package dev.ibmesh.bench;

import dev.ibmesh.device.hca.LineSm;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.port.DropReason;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.Port;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Faults survived: RC traffic in both directions between two HCAs through a switch (h1 - s1 - h2) for a while, under
 * random link flaps (a cable pulled for 20 ms to 1 s on either link), lossy cables (one link direction drops,
 * corrupts and duplicates a few percent of its frames, flow-control packets included, for up to 1.5 s) and a slow
 * receiver (one side stops posting receives for up to 2 s, so the other meets RNR NAKs), all from one seed. After each fault the soak acts as the
 * subnet manager would (waits for the links to train, moves the ports from Init to Active) and, when an RC connection
 * failed, reconnects it as an application would. Then it checks what must hold after any number of faults:
 * <ul>
 *   <li>no port stuck: every link trains again and every port reaches Active; traffic flows at the end;</li>
 *   <li>every RC request completes, with SUCCESS or a status its fault explains (RETRY_EXC_ERR for a cable pulled longer
 *       than the retries last, then WR_FLUSH_ERR for what was queued behind it);</li>
 *   <li>the counters add up on each link direction: packets sent + the cable's duplicates = packets received +
 *       packets the receiver dropped and counted + packets the cable lost;</li>
 *   <li>the heap after GC stays flat.</li>
 * </ul>
 *
 * <p>Run: {@code ./bench soak [MINUTES [SEED]]} (default 1 minute, seed 1). Prints the faults, the counts and a verdict
 * per check; exits 1 when a check failed.
 */
public final class SoakBench {
    /** Completion statuses the injected faults explain. */
    private static final Set<WcStatus> EXPLAINED =
            EnumSet.of(WcStatus.SUCCESS, WcStatus.RETRY_EXC_ERR, WcStatus.WR_FLUSH_ERR);
    /**
     * How long RC retries last over a dead link: RcHost's ACK timeout for the first try and each of its retries; a
     * cable pulled longer (with a margin) must end in RETRY_EXC_ERR.
     */
    private static final long RETRIES_LAST_MS =
            (4096L << RcHost.ACK_TIMEOUT) * (1 + RcHost.RETRY_CNT) / 1_000_000 + 100;
    /** Heap growth after GC, over the whole soak, that counts as flat. */
    private static final long FLAT_HEAP_BYTES = 32L << 20;

    private final RcFabric fabric;
    private final LineSm sm;
    private final RcHost a;
    private final RcHost b;
    private final Random random;
    private final List<String> findings = new ArrayList<>();
    private final Consumer<String> log;
    private SoakTraffic ta;
    private SoakTraffic tb;
    private int flaps;
    private int flapsOutlastingRetries;
    private int slowReceivers;
    private int lossyCables;
    private int reconnects;

    private SoakBench(RcFabric fabric, long seed, Consumer<String> log) {
        this.log = log;
        this.fabric = fabric;
        this.sm = new LineSm(fabric.h1, RcFabric.H1_LID);
        this.a = RcHost.open(fabric.h1);
        this.b = RcHost.open(fabric.h2);
        this.random = new Random(seed);
    }

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        System.out.printf("ibmesh soak: h1 - s1 - h2 in one JVM, RC both ways, %.1f min, seed %d%n", minutes, seed);
        System.out.println(Machine.line());
        List<String> findings = run(Duration.ofMillis((long) (minutes * 60_000)), seed, System.out::println);
        findings.forEach(f -> System.out.println("FAIL " + f));
        System.out.println(findings.isEmpty() ? "soak: every check held" : "soak: " + findings.size() + " failed");
        System.exit(findings.isEmpty() ? 0 : 1);
    }

    /** Runs the soak for {@code length}; what failed (empty: every check held). Progress goes to {@code log}. */
    public static List<String> run(Duration length, long seed, Consumer<String> log) throws Exception {
        try (RcFabric fabric = new RcFabric(false, RcFabric.LOOP_PER_DEVICE)) {
            return new SoakBench(fabric, seed, log).soak(length);
        }
    }

    private List<String> soak(Duration length) throws Exception {
        connect();
        startTraffic();
        long heapBefore = heapAfterGc();
        long end = System.nanoTime() + length.toNanos();
        while (System.nanoTime() < end && findings.isEmpty()) {
            int pick = random.nextInt(4);
            if (pick == 0) {
                flap();
            } else if (pick == 1) {
                slowReceiver();
            } else if (pick == 2) {
                lossyCable();
            } else {
                TimeUnit.MILLISECONDS.sleep(200 + random.nextInt(800)); // traffic alone: the flood
            }
            heal();
        }
        stopTraffic();
        if (findings.isEmpty()) {
            trafficFlowsAtTheEnd();
        }
        balance("h1/1 -> s1/1", fabric.h1, 1, fabric.s1, 1);
        balance("s1/1 -> h1/1", fabric.s1, 1, fabric.h1, 1);
        balance("s1/2 -> h2/1", fabric.s1, 2, fabric.h2, 1);
        balance("h2/1 -> s1/2", fabric.h2, 1, fabric.s1, 2);
        long heapAfter = heapAfterGc();
        log.accept(String.format(
                "faults: %d link flaps, %d lossy cables, %d slow receivers, %d RC reconnects; heap after GC %d -> %d MiB",
                flaps, lossyCables, slowReceivers, reconnects, heapBefore >> 20, heapAfter >> 20));
        if (flapsOutlastingRetries > 0 && reconnects == 0) {
            findings.add(String.format(
                    "%d cable pulls outlasted the RC retries (%d ms) but no request failed: requests wait for a dead link",
                    flapsOutlastingRetries, RETRIES_LAST_MS));
        }
        if (heapAfter - heapBefore > FLAT_HEAP_BYTES) {
            findings.add(String.format("heap grew from %d to %d MiB after GC", heapBefore >> 20, heapAfter >> 20));
        }
        return findings;
    }

    /** Both QPs from RESET to RTS towards each other, every receive posted. */
    private void connect() {
        a.connect(b, RcFabric.H2_LID);
        b.connect(a, RcFabric.H1_LID);
        fillReceives();
    }

    /** Both QPs back to RESET and connected again, as an application recovers from an error completion. */
    private void reconnect() {
        a.reconnect(b, RcFabric.H2_LID);
        b.reconnect(a, RcFabric.H1_LID);
        fillReceives();
    }

    private void fillReceives() {
        for (RcHost h : List.of(a, b)) {
            OnLoop.call(h.hca, () -> {
                h.fillReceives();
                return null;
            });
        }
    }

    private void startTraffic() {
        ta = new SoakTraffic(a, b);
        tb = new SoakTraffic(b, a);
        ta.start();
        tb.start();
    }

    /** A cable pulled from one end of a random link and put back after 20 ms to 1 s. */
    private void flap() throws InterruptedException {
        boolean first = random.nextBoolean();
        Device end =
                first ? (random.nextBoolean() ? fabric.h1 : fabric.s1) : (random.nextBoolean() ? fabric.h2 : fabric.s1);
        int port = end == fabric.s1 ? (first ? 1 : 2) : 1;
        long hold = 20 + random.nextInt(980);
        flaps++;
        flapsOutlastingRetries += hold > RETRIES_LAST_MS ? 1 : 0;
        OnLoop.call(end, () -> {
            end.port(port).disable();
            return null;
        });
        awaitOrFind(end.name() + "/" + port + " and its peer go down", () -> !linkUp(first));
        TimeUnit.MILLISECONDS.sleep(hold); // the cable stays out this long: the fault itself, not a wait for readiness
        OnLoop.call(end, () -> {
            end.port(port).enable();
            return null;
        });
        log.accept(String.format("flap %s/%d for %d ms", end.name(), port, hold));
    }

    /** One link direction drops, corrupts and duplicates a few percent of what it carries for a while. */
    private void lossyCable() throws InterruptedException {
        Device end = List.<Device>of(fabric.h1, fabric.h2, fabric.s1).get(random.nextInt(3));
        int port = end == fabric.s1 ? 1 + random.nextInt(2) : 1;
        LinkImpairment.Settings lossy = new LinkImpairment.Settings(0.02, 0.02, 0.01, 0, 0, random.nextLong());
        long hold = 100 + random.nextInt(1400);
        lossyCables++;
        OnLoop.call(end, () -> {
            end.port(port).impair(lossy);
            return null;
        });
        TimeUnit.MILLISECONDS.sleep(hold); // the cable stays bad this long: the fault itself
        OnLoop.call(end, () -> {
            end.port(port).impair(LinkImpairment.Settings.NONE);
            return null;
        });
        log.accept(String.format("lossy cable from %s/%d for %d ms", end.name(), port, hold));
    }

    /** One side stops reposting receives for up to 2 s: the other side's SENDs meet RNR NAKs meanwhile. */
    private void slowReceiver() throws InterruptedException {
        SoakTraffic slow = random.nextBoolean() ? ta : tb;
        long hold = 100 + random.nextInt(1900);
        slowReceivers++;
        steer(slow, () -> slow.slowReceiver(true));
        TimeUnit.MILLISECONDS.sleep(hold); // the receiver stays slow this long: the fault itself
        steer(slow, () -> slow.slowReceiver(false));
        log.accept(String.format("slow receiver %s for %d ms", slow.host().hca.name(), hold));
    }

    /** What a subnet manager and an application do after a fault: links trained, ports Active, RC reconnected. */
    private void heal() throws InterruptedException {
        awaitOrFind("both links to train again", () -> linkUp(true) && linkUp(false));
        if (!findings.isEmpty()) {
            return;
        }
        activate();
        boolean failed = OnLoop.call(a.hca, ta::failedAndDrained) || OnLoop.call(b.hca, tb::failedAndDrained);
        if (failed) {
            awaitOrFind(
                    "both RC sides to fail and drain after an error",
                    () -> OnLoop.call(a.hca, ta::failedAndDrained) && OnLoop.call(b.hca, tb::failedAndDrained));
            reconnect();
            steer(ta, ta::resume);
            steer(tb, tb::resume);
            reconnects++;
        }
    }

    /** Every port in Init moves to Armed, then Active, as an SM's activation step does (IBA 14.2.5.4). */
    private void activate() {
        int[][] ports = {{0}, {1, 1}, {2, 1}, {0, 1, 2}}; // {modifier, path...}: h1, s1/1, s1/2, h2
        for (int state : new int[] {PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE}) {
            for (int[] p : ports) {
                int modifier = p[0];
                int[] path = Arrays.copyOfRange(p, 1, p.length);
                int now = PortInfo.decode(sm.get(PortInfo.ATTRIBUTE_ID, modifier, path), 0)
                        .portState();
                if (now == state - 1) {
                    sm.portState(state, modifier, path);
                }
            }
        }
    }

    private void stopTraffic() throws Exception {
        steer(ta, ta::stop);
        steer(tb, tb::stop);
        ta.await();
        tb.await();
        for (SoakTraffic t : List.of(ta, tb)) {
            String side = t.host().hca.name();
            Map<WcStatus, Long> statuses = OnLoop.call(t.host().hca, t::sendStatuses);
            long completed =
                    statuses.values().stream().mapToLong(Long::longValue).sum();
            long posted = OnLoop.call(t.host().hca, t::posted);
            log.accept(String.format("%s: %d requests posted, %d completed %s", side, posted, completed, statuses));
            log.accept(OnLoop.call(t.host().hca, t.host()::counters));
            if (completed != posted) {
                findings.add(String.format("%s: %d requests posted but %d completed", side, posted, completed));
            }
            statuses.keySet().stream()
                    .filter(s -> !EXPLAINED.contains(s))
                    .forEach(s -> findings.add(String.format(
                            "%s: %d completions with %s, which no fault explains", side, statuses.get(s), s)));
            if (statuses.getOrDefault(WcStatus.SUCCESS, 0L) == 0) {
                findings.add(side + ": no request succeeded");
            }
        }
    }

    /** After every fault, a fresh connection moves traffic both ways without an error. */
    private void trafficFlowsAtTheEnd() throws Exception {
        reconnect();
        startTraffic();
        TimeUnit.MILLISECONDS.sleep(500); // traffic runs this long; then it must have done well
        for (SoakTraffic t : List.of(ta, tb)) {
            steer(t, t::stop);
            t.await();
            Map<WcStatus, Long> statuses = OnLoop.call(t.host().hca, t::sendStatuses);
            if (statuses.getOrDefault(WcStatus.SUCCESS, 0L) == 0 || statuses.size() != 1) {
                findings.add("after the faults, traffic from " + t.host().hca.name() + " ended " + statuses);
            }
        }
    }

    /**
     * Packets sent on one link direction against what became of them (PortXmitPkts and the cable's duplicates;
     * PortRcvPkts, the receiver's drops by reason and the cable's losses), read once the fabric is quiet.
     */
    private void balance(String name, Device from, int fromPort, Device to, int toPort) {
        Port out = from.port(fromPort);
        long sent = OnLoop.call(from, () -> out.counters().value(Counter.PORT_XMIT_PKTS));
        long duplicated = out.impaired(LinkImpairment.Effect.DUPLICATED, true);
        long lost = out.impaired(LinkImpairment.Effect.DROPPED, true);
        long received = OnLoop.call(to, () -> to.port(toPort).counters().value(Counter.PORT_RCV_PKTS));
        long dropped = OnLoop.call(to, () -> {
            long n = 0;
            for (DropReason r : DropReason.values()) {
                // Not the link packets the cable corrupted: they are not data packets, which the balance counts.
                boolean data = !r.onTransmit() && r != DropReason.MALFORMED_LINK_PACKET;
                n += data ? to.port(toPort).drops(r) : 0;
            }
            return n;
        });
        log.accept(String.format(
                "%s: %d sent + %d duplicated by the cable; %d received, %d dropped and counted, %d lost by the cable",
                name, sent, duplicated, received, dropped, lost));
        if (sent + duplicated != received + dropped + lost) {
            findings.add(String.format(
                    "%s: %d sent + %d duplicated, but %d received + %d dropped and counted + %d lost by the cable",
                    name, sent, duplicated, received, dropped, lost));
        }
    }

    private boolean linkUp(boolean first) {
        Device hca = first ? fabric.h1 : fabric.h2;
        int switchPort = first ? 1 : 2;
        return OnLoop.call(hca, () -> hca.port(1).physicalState()) == PortInfo.PHYS_STATE_LINK_UP
                && OnLoop.call(fabric.s1, () -> fabric.s1.port(switchPort).physicalState())
                        == PortInfo.PHYS_STATE_LINK_UP;
    }

    private void steer(SoakTraffic t, Runnable r) {
        OnLoop.call(t.host().hca, () -> {
            r.run();
            return null;
        });
    }

    private void awaitOrFind(String what, BooleanSupplier condition) throws InterruptedException {
        try {
            OnLoop.await(what, condition);
        } catch (IllegalStateException e) {
            findings.add("stuck: " + e.getMessage());
        }
    }

    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
