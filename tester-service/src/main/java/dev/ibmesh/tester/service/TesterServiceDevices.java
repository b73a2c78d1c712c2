package dev.ibmesh.tester.service;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.tester.bench.DeviceKinds;
import dev.ibmesh.tester.bench.TesterDevice;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.run.UsageException;
import dev.ibmesh.tester.target.TopologyTarget;
import io.grpc.BindableService;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The devices of {@code ibmesh tester}: a topology's tester device, serving the tester service
 * ({@code ibmesh.tester.v1.Tester}) next to its links and health, to test the DUTs cabled to it; any other device as
 * {@link DeviceKinds} builds it (a test can start the whole topology in one JVM).
 */
public final class TesterServiceDevices implements DeviceFactory {
    /**
     * @param runsDir where each run's directory goes (traces, reports)
     * @param limit   the longest a procedure run may take before it is stopped as an ERROR
     * @param ready   how long a procedure run waits for the link to the DUT to train and answer the setup's SMPs
     */
    public record Options(Path runsDir, Duration limit, Duration ready) {}

    private final String tester;
    private final List<TopologyTarget.Cabling> cables;
    private final Map<String, String> verbsAddresses;
    private final Options options;
    private final DeviceFactory others = new DeviceKinds();
    /**
     * Loaded here, on the caller's thread: the tester device makes its service on its event loop, where scanning the
     * classpath (seconds in a shaded jar) would block the loop.
     */
    private final Catalog catalog = Catalog.load();

    private TesterServiceDevices(
            String tester, List<TopologyTarget.Cabling> cables, Map<String, String> verbsAddresses, Options options) {
        this.tester = tester;
        this.cables = List.copyOf(cables);
        this.verbsAddresses = Map.copyOf(verbsAddresses);
        this.options = options;
    }

    /**
     * For the tester alone in this process: its DUTs run as processes of their own, their verbs at their listen
     * addresses.
     *
     * @throws UsageException when {@code tester} is not a tester of the topology, nothing is cabled to it, or an HCA
     *                        it tests has no listen address
     */
    public static TesterServiceDevices standalone(Topology topology, String tester, Options options) {
        List<TopologyTarget.Cabling> cables = TopologyTarget.cablesOf(topology, tester);
        Map<String, String> addresses = new LinkedHashMap<>();
        for (TopologyTarget.Cabling c : cables) {
            DeviceSpec dut = topology.device(c.dut()).orElseThrow();
            if (dut.listen().isPresent()) {
                addresses.put(c.dut(), dut.listen().get().toString());
            } else if (c.dutKind().equals("hca")) {
                throw new UsageException("'" + c.dut() + "' has no listen address in the topology: the tester drives"
                        + " an HCA through its verbs service there");
            }
        }
        return new TesterServiceDevices(tester, cables, addresses, options);
    }

    /** For the whole topology in this JVM: the DUTs are reached by device name over the in-process transport. */
    public static TesterServiceDevices embedded(Topology topology, String tester, Options options) {
        List<TopologyTarget.Cabling> cables = TopologyTarget.cablesOf(topology, tester);
        Map<String, String> names = new LinkedHashMap<>();
        cables.forEach(c -> names.put(c.dut(), c.dut()));
        return new TesterServiceDevices(tester, cables, names, options);
    }

    /** The DUTs the tester is cabled to, in tester port order. */
    public List<TopologyTarget.Cabling> cables() {
        return cables;
    }

    @Override
    public Device create(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        if (!config.name().equals(tester)) {
            return others.create(config, transport, registry);
        }
        return new TesterDevice(config, transport, registry, device -> List.of(service(device, transport, registry)));
    }

    private BindableService service(TesterDevice device, LinkTransport transport, MeterRegistry registry) {
        List<DutTarget> duts = cables.stream()
                .map(c -> new DutTarget(
                        c,
                        TopologyTarget.onTester(
                                device, c, transport, verbsAddresses.getOrDefault(c.dut(), ""), options.ready())))
                .toList();
        return new TesterService(
                tester, catalog, duts, new Runs(options.runsDir()), new TesterMetrics(registry), options.limit());
    }
}
