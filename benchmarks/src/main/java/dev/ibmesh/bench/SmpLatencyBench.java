package dev.ibmesh.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The round trip of a directed-route SMP across three switches in one JVM, as an SM's sweep makes thousands of them:
 * an HCA's host software sends SubnGet(NodeInfo) along the directed route h1 -> sw1 -> sw2 -> sw3, and the answer comes
 * back along the return path. One SMP at a time, each sent when the previous answer arrived.
 *
 * <p>Run: {@code ./bench smp [ROUND_TRIPS]}. Target ([fabric] issue, 2 cores): p50 under 50 us, p99 under 200 us. The
 * devices share one event loop, as in {@code ibmesh up}; {@code -Dloops=N} spreads them over N.
 */
public final class SmpLatencyBench {
    private static final String LINE = String.join(
            "\n",
            "devices:",
            "  - {name: h1, kind: hca, ports: 1}",
            "  - {name: sw1, kind: switch, ports: 2}",
            "  - {name: sw2, kind: switch, ports: 2}",
            "  - {name: sw3, kind: switch, ports: 2}",
            "links:",
            "  - ends: [h1/1, sw1/1]",
            "  - ends: [sw1/2, sw2/1]",
            "  - ends: [sw2/2, sw3/1]",
            "");

    public static void main(String[] args) throws Exception {
        int trips = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int loops = Integer.getInteger("loops", 1);
        System.out.printf(
                "ibmesh SMP latency bench: DR SubnGet(NodeInfo) h1 -> sw1 -> sw2 -> sw3 and back, %d round trips;"
                        + " %d event loop(s)%n",
                trips, loops);
        System.out.println(Machine.line());
        try (UpFabric up = UpFabric.start(
                new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("line.yaml", LINE),
                new SimpleMeterRegistry(),
                loops)) {
            measure(up.fabric(), trips);
        }
        System.exit(0);
    }

    private static void measure(Fabric fabric, int trips) throws Exception {
        MadPort port = AgentMadPort.open(
                        HcaHostPort.of((HcaDevice) fabric.device("h1")).get(0))
                .get(10, TimeUnit.SECONDS);
        long[] nanos = new long[trips];
        int warmup = Math.min(trips, 10_000);
        for (int i = -warmup; i < trips; i++) {
            HostMad get = HostMad.smp(
                    DrSmp.PERMISSIVE_LID,
                    DrSmp.outbound(
                                    Method.GET,
                                    port.newTransactionId(),
                                    NodeInfo.ATTRIBUTE_ID,
                                    0,
                                    0,
                                    new byte[0],
                                    1,
                                    2,
                                    2)
                            .encode());
            long start = System.nanoTime();
            port.request(get, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
            if (i >= 0) {
                nanos[i] = System.nanoTime() - start;
            }
        }
        Arrays.sort(nanos);
        System.out.printf(
                "round trip: p50 %.1f us, p99 %.1f us, p99.9 %.1f us, max %.1f us (targets: p50 < 50, p99 < 200)%n",
                nanos[trips / 2] / 1e3,
                nanos[(int) (trips * 0.99)] / 1e3,
                nanos[(int) (trips * 0.999)] / 1e3,
                nanos[trips - 1] / 1e3);
        port.close();
    }

    private SmpLatencyBench() {}
}
