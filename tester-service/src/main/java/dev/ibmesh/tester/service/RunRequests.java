package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.RunRequest;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.run.TestPlan;
import dev.ibmesh.tester.run.TestRequest;
import dev.ibmesh.tester.run.UsageException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns a RunRequest into the DUT to test and the procedure runs to make on it; refuses what it cannot run with the
 * field and what is allowed. Stateless.
 */
final class RunRequests {
    /** What a request asks for: the procedure runs, in catalog order, on one DUT. */
    record Planned(DutTarget dut, List<RunItem> items) {}

    private final String tester;
    private final Catalog catalog;
    private final List<DutTarget> duts;

    RunRequests(String tester, Catalog catalog, List<DutTarget> duts) {
        this.tester = tester;
        this.catalog = catalog;
        this.duts = List.copyOf(duts);
    }

    /** @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT or NOT_FOUND naming the field */
    Planned plan(RunRequest r) {
        DutTarget dut = dut(r.getDut());
        if (r.getMatrix()) {
            throw TesterErrors.invalid("matrix: the tester runs on its link to " + dut.name() + " as the topology"
                    + " cables it, and cannot retrain it to each width and speed; for the matrix, run"
                    + " `ibmesh test --matrix` against DUTs it starts itself");
        }
        for (int i = 0; i < r.getProceduresCount(); i++) {
            String glob = r.getProcedures(i);
            if (glob.isBlank()) {
                throw TesterErrors.invalid("procedures[" + i + "]: empty; give a procedure ID or a glob (C09_*)");
            }
            if (catalog.matching(glob).isEmpty()) {
                throw TesterErrors.notFound("procedures[" + i + "]: no procedure matches '" + glob + "'; ListProcedures"
                        + " lists the " + catalog.all().size() + " procedures");
            }
        }
        for (int i = 0; i < r.getSuitesCount(); i++) {
            String suite = r.getSuites(i);
            if (catalog.suite(suite).isEmpty()) {
                throw TesterErrors.notFound(
                        "suites[" + i + "]: no suite '" + suite + "'; suites: " + String.join(", ", catalog.suites()));
            }
        }
        TestPlan plan =
                TestPlan.embedded(catalog, new TestRequest(r.getProceduresList(), r.getSuitesList(), false, List.of()));
        try {
            return new Planned(dut, plan.itemsFor(dut.name(), dut.cable().dutKind()));
        } catch (UsageException e) {
            throw TesterErrors.invalid("procedures: " + e.getMessage());
        }
    }

    private DutTarget dut(String name) {
        if (name.isEmpty()) {
            if (duts.size() == 1) {
                return duts.get(0);
            }
            throw TesterErrors.invalid("dut: empty, and tester " + tester + " is cabled to " + duts.size() + " DUTs: "
                    + described() + "; name one");
        }
        return duts.stream()
                .filter(d -> d.name().equals(name))
                .findFirst()
                .orElseThrow(() -> TesterErrors.notFound(
                        "dut: '" + name + "' is not cabled to tester " + tester + "; its DUTs: " + described()));
    }

    private String described() {
        return duts.stream().map(DutTarget::describe).collect(Collectors.joining(", "));
    }
}
