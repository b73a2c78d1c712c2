package dev.ibmesh.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SubnetManager;
import dev.ibmesh.sm.SweepResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * ibmesh's SM bringing a fat tree to SUBNET UP in one JVM with real packets: the fabric is started and ready (every
 * link trained, every port Init), then the SM on h1's port 1 runs one heavy sweep. Prints the time from SM start to
 * SUBNET UP and the SMPs sent. {@code scripts/sm-bench} runs it and, in the same run, OpenSM on the same ibmesh fabric
 * and on ibsim.
 *
 * <p>Run: {@code ./bench sm [HCAS [RADIX]]} (default 648 36, the 702-node fabric). {@code -Dwindow=N} sets the SMPs on
 * the wire.
 */
public final class SmBench {
    public static void main(String[] args) throws Exception {
        int hcas = args.length > 0 ? Integer.parseInt(args[0]) : 648;
        int radix = args.length > 1 ? Integer.parseInt(args[1]) : 36;
        SmOptions options = SmOptions.defaults();
        options = options.withWindow(Integer.getInteger("window", options.window()));
        FatTree tree = new FatTree(hcas, radix);
        System.out.printf(
                "ibmesh SM bench: fat tree of %d HCAs, radix %d (%d nodes), window %d%n",
                hcas, radix, tree.devices(), options.window());
        System.out.println(Machine.line());
        try (UpFabric up = UpFabric.start(
                new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("fat-tree.yaml", tree.yaml()),
                new SimpleMeterRegistry(),
                1)) {
            MadPort port = AgentMadPort.open(
                            HcaHostPort.of((HcaDevice) up.fabric().device("h1")).get(0))
                    .get(10, TimeUnit.SECONDS);
            SweepResult result = new SubnetManager(port, options, line -> {}).sweep();
            System.out.println(result.summary());
            System.out.printf(
                    Locale.ROOT,
                    "ibmesh sm: %.3f s to SUBNET UP, %d SMPs, %d timeouts%n",
                    result.took().toNanos() / 1e9,
                    result.smps(),
                    result.timeouts());
            if (!result.up()) {
                System.exit(1);
            }
        }
        System.exit(0);
    }

    private SmBench() {}
}
