package dev.ibmesh.tester.target;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.BenchException;
import dev.ibmesh.tester.bench.DutPath;
import dev.ibmesh.tester.bench.MadBench;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.engine.BenchFactory;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.run.TargetSpec;
import java.time.Duration;
import java.util.Optional;

/**
 * A DUT that ibmesh did not start, reached through a MAD-only backend: as in the CTS's SimpleLink, the DUT is the
 * node at the other end of the tester port's link, or the node a directed route names, and its kind is what its
 * NodeInfo says. Every procedure run opens
 * its own port on the backend and lets go of it at the end; the DUT's state carries from one run to the next.
 */
public final class MadTarget implements BenchFactory {
    private final TargetSpec.Foreign where;
    private final Optional<DutPath> path;
    private final Duration ready;

    private MadTarget(TargetSpec.Foreign where, Optional<DutPath> path, Duration ready) {
        this.where = where;
        this.path = path;
        this.ready = ready;
    }

    /**
     * The tester on a port of a foreign fabric: a node of a running ibsim, a local HCA through libibumad.
     *
     * @param path the route to the DUT; empty: the tester port's neighbour
     */
    public static MadTarget of(TargetSpec.Foreign where, Optional<DutPath> path, Duration ready) {
        return new MadTarget(where, path, ready);
    }

    /** The DUT as the tester finds it: name and kind ("switch" or "hca"). */
    public record Dut(String name, String kind) {}

    /**
     * Opens a bench once to see who the DUT is.
     *
     * @throws BenchException when the backend cannot be reached or the link not set up
     */
    public Dut probe() {
        try (Bench bench = open(new Trace("probe", false))) {
            return new Dut(bench.dutName(), bench.link().dutIsSwitch() ? "switch" : "hca");
        }
    }

    @Override
    public String toString() {
        return where + path.map(p -> " via " + p).orElse("");
    }

    @Override
    public Bench create(RunItem item, Trace trace) {
        return open(trace);
    }

    private Bench open(Trace trace) {
        MadPort port;
        try {
            port = where.open(ready);
        } catch (RuntimeException e) {
            throw new BenchException(where + ": " + e.getMessage(), e);
        }
        String description = this + ": tester at " + port.identity() + " (MADs only)";
        return MadBench.open(port, path, description, trace, ready);
    }
}
