package dev.ibmesh.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import dev.ibmesh.sm.SubnetManager;
import dev.ibmesh.sm.SweepResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * ibmesh's SM bringing a fat tree to SUBNET UP in one JVM with real packets: the fabric is started and ready (every
 * link trained, every port Init), then the SM on h1's port 1 runs one heavy sweep. Prints the time from SM start to
 * SUBNET UP, the SMPs sent, each phase, and the process CPU the sweep took. Round 1 is what `ibmesh up` sees (the SM's
 * code and the devices' SMA code not yet compiled by the JIT); each further round starts a fresh fabric in the same,
 * now warm, JVM. A last round runs the SM as a service, cuts a leaf's uplink and times the trap, the heavy sweep and
 * the reroute to the next SUBNET UP (target: under 5 s on the 702-node tree). After the cold round, untimed, the fabric
 * is routed again with the fat-tree engine and the route balance of the LFTs read back is printed
 * ({@link FatTreeBalance}). {@code scripts/sm-bench} runs it and, in
 * the same run, OpenSM on the same ibmesh fabric and on ibsim.
 *
 * <p>Run: {@code ./bench sm [HCAS [RADIX [ROUNDS]]]} (default 648 36 2: the 702-node fabric). {@code -Dwindow=N} sets
 * the SMPs on the wire. {@code --cold-only} runs the cold round alone, without the route balance, the warm rounds and
 * the reroute: {@code scripts/sm-bench} starts it in further JVMs, to compare a median of cold sweeps with OpenSM's.
 */
public final class SmBench {
    public static void main(String[] arguments) throws Exception {
        boolean coldOnly = List.of(arguments).contains("--cold-only");
        String[] args =
                Stream.of(arguments).filter(a -> !a.equals("--cold-only")).toArray(String[]::new);
        int hcas = args.length > 0 ? Integer.parseInt(args[0]) : 648;
        int radix = args.length > 1 ? Integer.parseInt(args[1]) : 36;
        int rounds = coldOnly ? 1 : args.length > 2 ? Integer.parseInt(args[2]) : 2;
        SmOptions defaults = SmOptions.defaults();
        SmOptions options = defaults.withWindow(Integer.getInteger("window", defaults.window()));
        FatTree tree = new FatTree(hcas, radix);
        System.out.printf(
                "ibmesh SM bench: fat tree of %d HCAs, radix %d (%d nodes), window %d%n",
                hcas, radix, tree.devices(), options.window());
        System.out.println(Machine.line());
        Topology topology = new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("fat-tree.yaml", tree.yaml());
        for (int round = 1; round <= rounds; round++) {
            SweepResult result = sweepOnce(topology, options, round == 1, !coldOnly);
            if (!result.up()) {
                System.exit(1);
            }
        }
        System.exit(coldOnly || rerouteAfterACut(topology, options) ? 0 : 1);
    }

    /** One timed heavy sweep on a fresh fabric; after the cold one, if asked, the fat-tree route balance (untimed). */
    private static SweepResult sweepOnce(Topology topology, SmOptions options, boolean cold, boolean balance)
            throws Exception {
        try (UpFabric up = UpFabric.start(topology, new SimpleMeterRegistry(), 1)) {
            MadPort port = AgentMadPort.open(
                            HcaHostPort.of((HcaDevice) up.fabric().device("h1")).get(0))
                    .get(10, TimeUnit.SECONDS);
            OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long cpu = os.getProcessCpuTime();
            SweepResult result = new SubnetManager(port, options, line -> {}).sweep();
            cpu = os.getProcessCpuTime() - cpu;
            System.out.println(result.summary());
            System.out.println("  phases: " + result.phases());
            System.out.printf(
                    Locale.ROOT,
                    "ibmesh sm (%s): %.3f s to SUBNET UP, %d SMPs, %d timeouts, process CPU %.2f s%n",
                    cold ? "cold JVM" : "warm JVM",
                    result.took().toNanos() / 1e9,
                    result.smps(),
                    result.timeouts(),
                    cpu / 1e9);
            if (cold && balance && result.up()) {
                printRouteBalance(port, options);
            }
            port.close();
            return result;
        }
    }

    /** The route balance of ibmesh's fat-tree engine; {@code scripts/sm-bench} sets it beside OpenSM's ftree. */
    private static void printRouteBalance(MadPort port, SmOptions options) {
        String figures;
        try {
            figures = FatTreeBalance.measure(port, options).detail();
        } catch (IllegalStateException | IllegalArgumentException e) {
            figures = "none (" + e.getMessage() + ")";
        }
        System.out.println("ibmesh ftree route balance (CA LIDs per leaf uplink): " + figures);
    }

    /** The SM as `ibmesh up` runs it; one leaf uplink cut; the time from the cut to the rerouted SUBNET UP. */
    private static boolean rerouteAfterACut(Topology topology, SmOptions options) throws Exception {
        try (UpFabric up = UpFabric.start(topology, new SimpleMeterRegistry(), 1);
                SmService sm = new SmService(
                        AgentMadPort.open(HcaHostPort.of((HcaDevice) up.fabric().device("h1"))
                                        .get(0))
                                .get(10, TimeUnit.SECONDS),
                        options,
                        0,
                        Duration.ofHours(1),
                        line -> {})) {
            sm.start().get(60, TimeUnit.SECONDS);
            Device leaf = up.fabric().device("leaf1");
            LinkPlan uplink = leaf.deviceConfig().links().stream()
                    .filter(l -> l.peerDevice().startsWith("spine"))
                    .findFirst()
                    .orElseThrow();
            long start = System.nanoTime();
            leaf.run(() -> leaf.port(uplink.localPort()).disable()).await(10, TimeUnit.SECONDS);
            long deadline = start + TimeUnit.SECONDS.toNanos(60);
            while (!(sm.sweeps() >= 2 && sm.up()) && System.nanoTime() < deadline) {
                Thread.sleep(1); // read every millisecond, without taking a core from the SM on a 2-core machine
            }
            double took = (System.nanoTime() - start) / 1e9;
            boolean rerouted = sm.sweeps() >= 2 && sm.up();
            System.out.printf(
                    Locale.ROOT,
                    "ibmesh sm reroute: leaf1/%d to %s cut, trap to SUBNET UP in %.3f s (%s; target < 5 s)%n",
                    uplink.localPort(),
                    uplink.peerDevice(),
                    took,
                    rerouted ? sm.lastSweep().orElseThrow().summary() : "no SUBNET UP within 60 s");
            return rerouted;
        }
    }

    private SmBench() {}
}
