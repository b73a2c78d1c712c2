package dev.ibmesh.sm;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.activation.MKeyTakeover;
import dev.ibmesh.sm.activation.MulticastForwarding;
import dev.ibmesh.sm.activation.SubnetConfigurator;
import dev.ibmesh.sm.activation.VlTables;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.GuidToLidFile;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.lid.LidManager;
import dev.ibmesh.sm.partition.PKeyAssignment;
import dev.ibmesh.sm.partition.PKeyTableWriter;
import dev.ibmesh.sm.partition.Partitions;
import dev.ibmesh.sm.routing.FatTreeRouting;
import dev.ibmesh.sm.routing.MinHopRouting;
import dev.ibmesh.sm.routing.Routes;
import dev.ibmesh.sm.routing.RoutingEngine;
import dev.ibmesh.sm.routing.UpDownRouting;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ibmesh's subnet manager: host software on a {@link MadPort} that learns the fabric only through SMPs (IBA 14.4).
 * A heavy sweep discovers every node and cable, assigns LIDs, computes routes, programs the switches and brings
 * every port to Active; it ends with "SUBNET UP" when nothing was left unread or unconfigured.
 *
 * <p>Threading: {@link #sweep} blocks its caller, which must not be a device's event loop; one sweep at a time.
 */
public final class SubnetManager {
    private static final Logger LOG = LoggerFactory.getLogger(SubnetManager.class);

    private final SmpDispatcher smps;
    private final Discovery discovery;
    private final LidManager lidManager;
    private final RoutingEngine routing;
    private final SubnetConfigurator configurator;
    private final MKeyTakeover takeover;
    private final MulticastForwarding multicast;
    private final Optional<VlTables> vlTables;
    private final Optional<Partitions> partitions;
    private final PKeyTableWriter pKeyTables;
    private Supplier<Map<Integer, Set<Long>>> multicastMembers = Map::of;
    private final Consumer<String> log;
    private final Optional<Path> guidToLid;
    /**
     * How much longer than OpenSM's worst case an SMP may wait in all: doubled after each sweep that lost answers and
     * did not bring the subnet up, so that SMPs across a lossy link get more tries; back to 1 once the subnet is up.
     */
    private static final int MAX_PATIENCE = 16;

    private int patience = 1;
    /** The last sweep's subnet, whose answers stand in for those a sweep loses; null before the first. */
    private Subnet last;

    public SubnetManager(MadPort port, SmOptions options, Consumer<String> log) {
        this.smps = new SmpDispatcher(
                port,
                options.window(),
                options.timeout(),
                options.retries(),
                options.mKey().key());
        this.discovery = new Discovery(smps);
        this.guidToLid = options.guidToLid();
        this.lidManager = new LidManager(
                options.lmc(), guidToLid.map(f -> GuidToLidFile.read(f, log)).orElse(Map.of()));
        this.routing = engine(options.routing());
        this.configurator = new SubnetConfigurator(smps, options.qos(), options.mKey());
        this.takeover = new MKeyTakeover(smps, options.mKey());
        this.vlTables = options.qos() ? Optional.of(new VlTables(smps)) : Optional.empty();
        this.multicast = new MulticastForwarding(smps);
        this.partitions = options.partitions();
        this.pKeyTables = new PKeyTableWriter(smps);
        this.log = log;
    }

    /** The names of the routing engines. */
    public static final List<String> ENGINES = List.of("minhop", "updown", "ftree");

    /** The routing engine called {@code name}. */
    public static RoutingEngine engine(String name) {
        return switch (name) {
            case "minhop" -> new MinHopRouting();
            case "updown" -> new UpDownRouting();
            case "ftree" -> new FatTreeRouting();
            default ->
                throw new IllegalArgumentException(
                        "no routing engine '" + name + "' (" + String.join(", ", ENGINES) + ")");
        };
    }

    /** One heavy sweep: discover, assign LIDs, route, program and activate. */
    public SweepResult sweep() {
        return sweep(subnet -> true).orElseThrow();
    }

    /**
     * One heavy sweep, configuring the subnet only if {@code asMaster} says so once it is discovered (an SM that finds
     * a master SM there only discovers). Empty when it declined.
     */
    public Optional<SweepResult> sweep(Predicate<Subnet> asMaster) {
        long start = System.nanoTime();
        long smpsBefore = smps.sent();
        long timeoutsBefore = smps.timeouts();
        PhaseClock clock = new PhaseClock(smps::sent);
        Subnet subnet = discovery.sweep(last);
        last = subnet;
        clock.mark("discovery");
        if (!asMaster.test(subnet)) {
            return Optional.empty();
        }
        List<String> problems = new ArrayList<>(subnet.problems());
        if (takeover.apply(subnet, log, problems::add) > 0) {
            clock.mark("M_Key takeover");
        }
        LidAssignment lids = lidManager.assign(subnet);
        clock.mark("lids");
        Routes routes = route(subnet, lids);
        clock.mark("routing");
        // Partitions before activation, as OpenSM's pkey manager runs before its link manager: a port is Active only
        // with its partitions' keys in place.
        PKeyAssignment pKeys =
                partitions.map(p -> PKeyAssignment.resolve(p, subnet)).orElse(PKeyAssignment.defaultOnly());
        if (partitions.isPresent()) {
            pKeyTables.apply(subnet, pKeys, problems::add);
            clock.mark("partitions");
        }
        configurator.apply(subnet, lids, routes, problems::add, clock::mark);
        multicast.apply(subnet, multicastMembers.get(), problems::add);
        clock.mark("multicast");
        vlTables.ifPresent(t -> {
            t.apply(subnet, problems::add);
            clock.mark("SL-to-VL and VL arbitration");
        });
        SweepResult result = new SweepResult(
                subnet,
                lids,
                routes,
                pKeys,
                Duration.ofNanos(System.nanoTime() - start),
                smps.sent() - smpsBefore,
                smps.timeouts() - timeoutsBefore,
                List.copyOf(problems),
                clock);
        log.accept(result.summary());
        LOG.debug("sweep phases: {}", clock);
        if (!result.up()) {
            takeover.hiddenKeys(subnet).ifPresent(log);
        }
        if (result.up()) {
            keepLids(lids);
        }
        patience = result.timeouts() > 0 && !result.up() ? Math.min(patience * 2, MAX_PATIENCE) : 1;
        smps.patience(patience);
        return Optional.of(result);
    }

    /** Writes the LIDs of a subnet that came up to the guid2lid file, if there is one. */
    private void keepLids(LidAssignment lids) {
        guidToLid.ifPresent(file -> {
            try {
                GuidToLidFile.write(file, lids);
            } catch (UncheckedIOException e) {
                log.accept(e.getMessage() + ": " + e.getCause().getMessage());
            }
        });
    }

    /**
     * The chosen engine's routes; an engine that refuses this subnet (ftree on a fabric that is no fat tree) is logged
     * and min-hop routes it instead, as OpenSM falls back to its default engine.
     */
    private Routes route(Subnet subnet, LidAssignment lids) {
        try {
            return routing.route(subnet, lids);
        } catch (IllegalArgumentException e) {
            log.accept(routing.name() + " cannot route this subnet (" + e.getMessage() + "): using minhop");
            return new MinHopRouting().route(subnet, lids);
        }
    }

    /** Where each sweep reads the members of every multicast group, by MLID (the SA's joins and leaves). */
    public void multicastMembers(Supplier<Map<Integer, Set<Long>>> members) {
        this.multicastMembers = members;
    }

    /**
     * Reprograms the multicast forwarding tables of the last subnet swept for {@code members}, after a join or a
     * leave; logs what failed (the next sweep tries again). Call on the sweeping thread.
     */
    public void programMulticast(Map<Integer, Set<Long>> members) {
        if (last != null) {
            List<String> problems = new ArrayList<>();
            if (multicast.apply(last, members, problems::add) > 0) {
                log.accept("multicast forwarding incomplete: " + problems.get(0));
            }
        }
    }

    /** The SMPs this SM sent (for reading back forwarding tables, verifying, or a status API). */
    public SmpDispatcher smps() {
        return smps;
    }
}
