package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.tester.bench.BenchException;
import dev.ibmesh.tester.bench.DutPath;
import dev.ibmesh.tester.engine.BenchFactory;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Runner;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.report.CatalogMarkdown;
import dev.ibmesh.tester.report.ConsoleReport;
import dev.ibmesh.tester.report.ProofTable;
import dev.ibmesh.tester.report.ReportDir;
import dev.ibmesh.tester.run.ProofPlan;
import dev.ibmesh.tester.run.ProofPlan.ProofCase;
import dev.ibmesh.tester.run.TargetSpec;
import dev.ibmesh.tester.run.TestPlan;
import dev.ibmesh.tester.run.TestRequest;
import dev.ibmesh.tester.run.UsageException;
import dev.ibmesh.tester.target.EmbeddedTarget;
import dev.ibmesh.tester.target.MadTarget;
import dev.ibmesh.tester.target.TopologyTarget;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh test}: runs conformance procedures and says, for each, PASS, FAIL, NOT_APPLICABLE or ERROR. With no
 * arguments it runs the whole catalog against compliant DUTs it starts itself, each procedure on a SimpleLink of its
 * own.
 */
@Command(
        name = "test",
        mixinStandardHelpOptions = true,
        description = "Run conformance procedures against emulated DUTs (started here, or devices of a topology).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no procedure FAILed or ERRORed",
            "1:a procedure FAILed (the DUT broke a rule)",
            "2:wrong usage (unknown procedure, suite, deviation or device)",
            "3:a procedure ERRORed (a problem of the tester or the setup) and none FAILed"
        })
final class TestCommand implements Callable<Integer> {
    static final int EXIT_FAIL = 1;
    static final int EXIT_USAGE = 2;
    static final int EXIT_ERROR = 3;

    @Option(
            names = {"-p", "--procedure"},
            paramLabel = "ID",
            description = "A procedure ID or glob (C09_*); repeatable. Default: the whole catalog.")
    List<String> procedures = new ArrayList<>();

    @Option(
            names = "--suite",
            paramLabel = "NAME",
            description = "A suite: a chapter (c9, c14...), mad, transport, ...; repeatable.")
    List<String> suites = new ArrayList<>();

    @Option(
            names = "--matrix",
            description = "Run every link width x speed of each procedure's configuration matrix, not only 4X QDR.")
    boolean matrix;

    @Option(
            names = "--deviation",
            paramLabel = "NAME",
            description = "Start the embedded DUTs of its kind with this deviation from the spec; repeatable.")
    List<String> deviations = new ArrayList<>();

    @Option(
            names = "--topology",
            paramLabel = "FILE",
            description = "Test a device of this topology (with --dut), reached through its tester device.")
    Path topology;

    @Option(names = "--dut", paramLabel = "NAME", description = "The device of --topology to test.")
    String dut;

    @Option(
            names = "--attach",
            description = "With --topology: the DUT already runs (ibmesh device); start only the tester, which dials"
                    + " the DUT's listen address.")
    boolean attach;

    @Option(
            names = "--target",
            paramLabel = "TARGET",
            defaultValue = "embedded",
            description = "Where the DUT is: embedded (DUTs started here; default); ibsim:HOST:PORT,NODE: the"
                    + " tester attached at NODE of a running OpenFabrics simulator; umad:DEVICE:PORT: the tester on"
                    + " a local HCA port through libibumad. The DUT is then the node at the other end of the tester's"
                    + " link, or at the end of --dut-path (MAD procedures only).")
    String target;

    @Option(
            names = "--dut-path",
            paramLabel = "ROUTE",
            description = "With a foreign --target: the DUT is the node at the end of this directed route from the"
                    + " tester, in infiniband-diags' -D notation: 0, then the output port of each hop (0,1,3: out of"
                    + " the tester's port 1, then out of port 3 of the switch there). Default: the node at the other"
                    + " end of the tester's link (0,PORT). A route of more than one hop needs a subnet an SM brought"
                    + " up (ibmesh sm --target ... --once).")
    String dutPath;

    @Option(names = "--list", description = "List the procedures (those selected) and exit.")
    boolean list;

    /** How --list prints. */
    enum ListFormat {
        text,
        markdown
    }

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description =
                    "With --list: text (default) or markdown (the catalog as docs/catalog.md holds it: a table per"
                            + " chapter with the deviations that prove each procedure, and totals).")
    ListFormat format;

    @Option(
            names = "--prove",
            description = "Prove the procedures (those selected): each must PASS (or be NOT_APPLICABLE by design) on"
                    + " the compliant DUT and FAIL on the DUT started with each deviation it names. Prints a table;"
                    + " exit 0 only when every run went as intended.")
    boolean prove;

    @Option(
            names = "--report-dir",
            paramLabel = "DIR",
            defaultValue = "ibmesh-report",
            description = "Write junit.xml, results.json, an HTML report (index.html) and one pcap per procedure run"
                    + " here, replacing the last report there. Default: ${DEFAULT-VALUE}.")
    Path reportDir;

    @Option(names = "--no-report", description = "Write no report directory (the console only).")
    boolean noReport;

    @Option(
            names = "--parallel",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "Procedure runs at a time on embedded DUTs (each has its own fabric). Default: ${DEFAULT-VALUE}.")
    int parallel;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "120",
            description =
                    "The longest a procedure run may take before it is stopped as an ERROR. Default: ${DEFAULT-VALUE}.")
    int timeoutSeconds;

    @Option(
            names = "--ready",
            paramLabel = "SECONDS",
            defaultValue = "30",
            description = "How long a procedure run waits for its DUT's devices to start and its link to come up"
                    + " before it is an ERROR. Default: ${DEFAULT-VALUE}.")
    int readySeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(out, err);
        } catch (UsageException e) {
            err.println("ibmesh test: " + e.getMessage());
            return EXIT_USAGE;
        } catch (BenchException e) {
            err.println("ibmesh test: " + e.getMessage());
            return EXIT_ERROR;
        }
    }

    private int run(PrintWriter out, PrintWriter err) {
        if (parallel < 1) {
            throw new UsageException("--parallel must be at least 1, was " + parallel);
        }
        if (timeoutSeconds < 1 || readySeconds < 1) {
            throw new UsageException("--timeout and --ready must be at least 1 second");
        }
        if ((topology == null) != (dut == null)) {
            throw new UsageException(
                    "--topology and --dut go together: the topology file, and the device of it to test");
        }
        if (attach && topology == null) {
            throw new UsageException("--attach needs --topology and --dut");
        }
        if (prove && (topology != null || !deviations.isEmpty())) {
            throw new UsageException("--prove starts its own DUTs, compliant and with each procedure's deviations:"
                    + " it takes neither --topology nor --deviation");
        }
        if (topology != null && !deviations.isEmpty()) {
            throw new UsageException("with --topology, the DUT's deviations come from its entry in the topology file");
        }
        if (topology != null && matrix) {
            throw new UsageException("--matrix needs DUTs the tester starts itself: on a topology the link to the DUT"
                    + " is as cabled, and the tester cannot retrain it to each width and speed");
        }
        TargetSpec where = TargetSpec.parse(target);
        if (where instanceof TargetSpec.Foreign && (topology != null || prove || !deviations.isEmpty() || matrix)) {
            throw new UsageException("--target " + target + " tests a device that runs already: it takes none of"
                    + " --topology, --prove, --deviation, --matrix");
        }
        Optional<DutPath> route = dutPath(where);
        Catalog catalog = Catalog.load();
        TestRequest request = new TestRequest(procedures, suites, matrix, deviations);
        TestPlan plan = TestPlan.embedded(catalog, request);
        if (list && format == ListFormat.markdown) {
            out.print(CatalogMarkdown.render(
                    plan.items().stream().map(RunItem::procedure).distinct().toList()));
            out.flush();
            return 0;
        }
        if (list) {
            listProcedures(out, catalog, plan);
            return 0;
        }
        Vertx vertx = Vertx.vertx();
        try {
            if (prove) {
                return prove(vertx, ProofPlan.of(plan), out);
            }
            if (where instanceof TargetSpec.Foreign foreign) {
                return runOnMadTarget(MadTarget.of(foreign, route, Duration.ofSeconds(readySeconds)), plan, out, err);
            }
            return topology == null ? runEmbedded(vertx, plan, out, err) : runOnTopology(vertx, plan, out, err);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }

    /** The route --dut-path names, read strictly: only a foreign target's DUT can be elsewhere than next door. */
    private Optional<DutPath> dutPath(TargetSpec where) {
        if (dutPath == null) {
            return Optional.empty();
        }
        if (!(where instanceof TargetSpec.Foreign)) {
            throw new UsageException("--dut-path goes with a foreign --target (ibsim:... or umad:...): the DUTs the"
                    + " tester starts, embedded or of a topology, are its neighbours");
        }
        try {
            return Optional.of(DutPath.parse(dutPath));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--dut-path " + e.getMessage());
        }
    }

    private int runEmbedded(Vertx vertx, TestPlan plan, PrintWriter out, PrintWriter err) {
        EmbeddedTarget target =
                new EmbeddedTarget(vertx, plan.deviationsByKind(), Optional.empty(), Duration.ofSeconds(readySeconds));
        return runAll(target, plan.items(), parallel, out, err);
    }

    private int runOnTopology(Vertx vertx, TestPlan plan, PrintWriter out, PrintWriter err) {
        Topology t = TopologyOption.load(topology, err, "test");
        if (t == null) {
            return EXIT_USAGE;
        }
        // One DUT for every run: the procedures that apply to its kind, one at a time.
        List<RunItem> items = plan.itemsFor(dut, TopologyTarget.cabling(t, dut).dutKind());
        Duration ready = Duration.ofSeconds(readySeconds);
        try (TopologyTarget target = attach
                ? TopologyTarget.attached(vertx, t, dut, ready)
                : TopologyTarget.embedded(vertx, t, dut, ready)) {
            return runAll(target.forOneRun(), items, 1, out, err);
        }
    }

    /** A foreign DUT: who it is decides which procedures apply; they run one at a time. */
    private int runOnMadTarget(MadTarget target, TestPlan plan, PrintWriter out, PrintWriter err) {
        MadTarget.Dut dut = target.probe();
        out.println("DUT: " + dut.name() + ", a " + dut.kind() + " (" + target + ")");
        return runAll(target, plan.itemsFor(dut.name(), dut.kind()), 1, out, err);
    }

    private int runAll(BenchFactory target, List<RunItem> items, int atOnce, PrintWriter out, PrintWriter err) {
        Optional<ReportDir> reports = noReport ? Optional.empty() : Optional.of(new ReportDir(reportDir));
        if (reports.isPresent()) {
            try {
                reports.get().prepare();
            } catch (IOException e) {
                err.println("ibmesh test: cannot use " + reportDir + " for the report: " + why(e));
                return EXIT_USAGE;
            }
        }
        ConsoleReport console = new ConsoleReport(out, System.console() != null, System::nanoTime);
        Runner runner =
                new Runner(target, atOnce, Duration.ofSeconds(timeoutSeconds), console, reports.map(ReportDir::traces));
        long start = System.nanoTime();
        List<ProcedureResult> results = runner.run(items);
        Duration wallTime = Duration.ofNanos(System.nanoTime() - start);
        if (reports.isPresent()) {
            try {
                reports.get().write(results, wallTime, Instant.now());
                out.println("report: " + reports.get().dir().resolve(ReportDir.INDEX));
            } catch (IOException e) {
                err.println("ibmesh test: could not write the report to " + reportDir + ": " + why(e));
                return EXIT_ERROR;
            }
        }
        return exitCode(results);
    }

    private int prove(Vertx vertx, ProofPlan proof, PrintWriter out) {
        List<ProofCase> cases = new ArrayList<>();
        List<ProcedureResult> results = new ArrayList<>();
        proof.byDeviation().forEach((deviation, group) -> {
            Map<String, List<String>> dut = new HashMap<>();
            deviation.ifPresent(d -> TestPlan.kindsOf(d).forEach(kind -> dut.put(kind, List.of(d))));
            EmbeddedTarget target = new EmbeddedTarget(vertx, dut, Optional.empty(), Duration.ofSeconds(30));
            Runner runner = new Runner(
                    target, parallel, Duration.ofSeconds(timeoutSeconds), RunListener.NONE, Optional.empty());
            long start = System.nanoTime();
            List<ProcedureResult> got =
                    runner.run(group.stream().map(ProofCase::item).toList());
            out.printf(
                    Locale.ROOT,
                    "%-40s %3d run(s) in %.1f s%n",
                    deviation.map(d -> "with " + d).orElse("compliant DUTs"),
                    got.size(),
                    (System.nanoTime() - start) / 1e9);
            out.flush();
            cases.addAll(group);
            results.addAll(got);
        });
        out.println();
        out.print(ProofTable.render(cases, results));
        out.flush();
        return ProofTable.proven(cases, results) ? 0 : EXIT_FAIL;
    }

    /** What went wrong with a file, in words: NIO's messages are often the bare path. */
    private static String why(IOException e) {
        String reason = e instanceof NoSuchFileException
                ? "cannot be created there"
                : e instanceof AccessDeniedException
                        ? "permission denied"
                        : e instanceof FileAlreadyExistsException ? "a file of that name is in the way" : null;
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + (reason != null ? reason : f.getReason());
        }
        return e.getMessage();
    }

    static int exitCode(List<ProcedureResult> results) {
        boolean failed = results.stream().anyMatch(r -> r.verdict().kind() == Verdict.Kind.FAIL);
        boolean errored = results.stream().anyMatch(r -> r.verdict().kind() == Verdict.Kind.ERROR);
        return failed ? EXIT_FAIL : errored ? EXIT_ERROR : 0;
    }

    private static void listProcedures(PrintWriter out, Catalog catalog, TestPlan plan) {
        List<ProcedureDescriptor> shown =
                plan.items().stream().map(RunItem::procedure).distinct().toList();
        for (ProcedureDescriptor d : shown) {
            out.printf(
                    "%-22s %-8s %-34s %s%s%n",
                    d.id(),
                    d.cts().dut().label(),
                    d.topology().replace("SimpleLink: ", ""),
                    d.cts().title(),
                    d.cts().ownId() ? "  [ID ibmesh's own]" : "");
            out.printf(
                    "%-22s covers %s; proven by %s%n",
                    "",
                    String.join(", ", d.cts().coverage()),
                    d.cts().provenBy().length == 0
                            ? "(none)"
                            : String.join(", ", d.cts().provenBy()));
        }
        out.printf(
                "%d procedures (%d in the catalog); suites: %s%n",
                shown.size(), catalog.all().size(), String.join(", ", catalog.suites()));
        new TreeMap<>(TestPlan.knownDeviations())
                .forEach((kind, names) ->
                        out.println("deviations (" + kind + "): " + String.join(", ", new TreeSet<>(names))));
    }
}
