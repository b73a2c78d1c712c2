package dev.ibmesh.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.topology.FatTree;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
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
                "ibmesh idle bench: fat tree of %d devices (%d HCAs, %d leaves, %d spines, radix %d), one event"
                        + " loop as in ibmesh up%n",
                tree.devices(), hcas, tree.leaves(), tree.spines(), radix);
        System.out.println(Machine.line());
        long heapBefore = heapAfterGc();
        long start = System.nanoTime();
        try (UpFabric up = UpFabric.start(tree.topology(), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), 1)) {
            measure(up.fabric(), os, (System.nanoTime() - start) / 1e9, heapBefore);
        }
        System.exit(0);
    }

    private static void measure(Fabric fabric, OperatingSystemMXBean os, double readySeconds, long heapBefore)
            throws InterruptedException {
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
