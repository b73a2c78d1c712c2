package dev.ibmesh.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.tester.bench.DeviceKinds;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * What a fabric costs at rest, started as {@code ibmesh up} starts one (every device in this JVM, Prometheus meters
 * for every port): the time until it is ready (every link trained), the CPU it spends once ready and idle, and the
 * heap it holds after a full GC, per device and per port.
 *
 * <p>Run: {@code ./bench idle [HCAS [RADIX]]}, default the 702-node fat tree (648 HCAs, radix 36). Targets ([fabric]
 * issue, 2 cores): idle under 5% of one core and under 1 GiB of heap at 702 nodes; the 2,144-node fat tree
 * ({@code ./bench idle 2048 64}, with {@code -Xmx2g}) ready in under 20 s.
 */
public final class IdleBench {
    /** How long the fabric settles after ready before the idle window: the keep-alives back off meanwhile. */
    private static final long SETTLE_SECONDS = 15;

    private static final long WINDOW_SECONDS = 10;

    public static void main(String[] args) throws Exception {
        int hcas = args.length > 0 ? Integer.parseInt(args[0]) : 648;
        int radix = args.length > 1 ? Integer.parseInt(args[1]) : 36;
        FatTree tree = new FatTree(hcas, radix);
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf(
                "ibmesh idle bench: fat tree of %d devices (%d HCAs, %d leaves, %d spines, radix %d); %d cores, load"
                        + " %.2f, max heap %d MiB, %s%n",
                tree.devices(),
                hcas,
                tree.leaves(),
                tree.spines(),
                radix,
                os.getAvailableProcessors(),
                os.getSystemLoadAverage(),
                Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        long heapBefore = heapAfterGc();
        Vertx vertx = Vertx.vertx();
        long start = System.nanoTime();
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(tree.topology()),
                        new DeviceKinds(),
                        new InProcessLinkTransport("idle-" + System.nanoTime()),
                        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT))
                .await(120, TimeUnit.SECONDS);
        fabric.ready().await(120, TimeUnit.SECONDS);
        double readySeconds = (System.nanoTime() - start) / 1e9;
        int ports = fabric.devices().stream().mapToInt(d -> d.ports().size()).sum();
        System.out.printf("ready: %d links trained in %.1f s%n", fabric.links(), readySeconds);

        Thread.sleep(TimeUnit.SECONDS.toMillis(SETTLE_SECONDS));
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(WINDOW_SECONDS));
        double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0);
        System.out.printf(
                "idle CPU: %.1f%% of one core over %d s, %d s after ready (target < 5%%)%n",
                cpuPercent, WINDOW_SECONDS, SETTLE_SECONDS);

        long held = heapAfterGc() - heapBefore;
        System.out.printf(
                "heap held: %d MiB after a full GC (target < 1024 MiB at 702 nodes); on average %.1f KiB per"
                        + " device, or %.1f KiB per port (%d ports; their meters included)%n",
                held >> 20, held / 1024.0 / fabric.devices().size(), held / 1024.0 / ports, ports);
        fabric.stop().await(60, TimeUnit.SECONDS);
        vertx.close().await(60, TimeUnit.SECONDS);
        System.exit(0);
    }

    private static long heapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private IdleBench() {}
}
