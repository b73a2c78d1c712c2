package dev.ibmesh.tester.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.tester.v1.Dut;
import dev.ibmesh.proto.tester.v1.DutKind;
import dev.ibmesh.proto.tester.v1.EventType;
import dev.ibmesh.proto.tester.v1.GetReportRequest;
import dev.ibmesh.proto.tester.v1.GetReportResponse;
import dev.ibmesh.proto.tester.v1.GetTraceRequest;
import dev.ibmesh.proto.tester.v1.GetTraceResponse;
import dev.ibmesh.proto.tester.v1.ListProceduresRequest;
import dev.ibmesh.proto.tester.v1.ListProceduresResponse;
import dev.ibmesh.proto.tester.v1.Procedure;
import dev.ibmesh.proto.tester.v1.ProcedureFinished;
import dev.ibmesh.proto.tester.v1.ReportFormat;
import dev.ibmesh.proto.tester.v1.Role;
import dev.ibmesh.proto.tester.v1.RunEvent;
import dev.ibmesh.proto.tester.v1.RunFinished;
import dev.ibmesh.proto.tester.v1.RunRequest;
import dev.ibmesh.proto.tester.v1.StepEvent;
import dev.ibmesh.proto.tester.v1.TesterGrpc;
import dev.ibmesh.proto.tester.v1.VerdictKind;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.run.TestPlan;
import dev.ibmesh.trace.ErfTraceReader;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tester service as a client sees it, through stubs generated from tester.proto alone: a tester t1 cabled to a
 * compliant switch sw1 and to sw2, started with accept-reserved-link-width-enabled, the whole topology in this JVM
 * over the in-process transport.
 */
class TesterServiceTest {
    private static final String C14 = "C14_024_06_SW_06";

    @TempDir
    static Path dir;

    private static Vertx vertx;
    private static Fabric fabric;
    private static ManagedChannel channel;
    private static SimpleMeterRegistry registry;
    private static TesterGrpc.TesterBlockingStub tester;

    @BeforeAll
    static void start() throws Exception {
        Path file = dir.resolve("bench.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: t1, kind: tester, ports: 2}",
                        "  - {name: sw1, kind: switch, ports: 4}",
                        "  - {name: sw2, kind: switch, ports: 4, deviations: [accept-reserved-link-width-enabled]}",
                        "links:",
                        "  - ends: [t1/1, sw1/1]",
                        "  - ends: [t1/2, sw2/3]",
                        ""));
        Topology topology = TopologyLoader.load(file, DeviationCatalog.of(TestPlan.knownDeviations()));
        InProcessLinkTransport transport = new InProcessLinkTransport("tester-service-test");
        TesterServiceDevices devices = TesterServiceDevices.embedded(
                topology,
                "t1",
                new TesterServiceDevices.Options(dir.resolve("runs"), Duration.ofSeconds(60), Duration.ofSeconds(20)));
        vertx = Vertx.vertx();
        registry = new SimpleMeterRegistry();
        fabric = Fabric.start(vertx, FabricPlan.embedded(topology), devices, transport, registry)
                .await(60, TimeUnit.SECONDS);
        channel = transport.channel("t1", Runnable::run);
        tester = TesterGrpc.newBlockingStub(channel);
    }

    @AfterAll
    static void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        fabric.stop().await(10, TimeUnit.SECONDS);
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void listsTheCatalogTheSuitesAndTheDutsCabledToTheTester() {
        ListProceduresResponse list = tester.listProcedures(ListProceduresRequest.getDefaultInstance());
        Catalog catalog = Catalog.load();
        assertEquals(
                catalog.all().stream().map(d -> d.id()).toList(),
                list.getProceduresList().stream().map(Procedure::getId).toList());
        assertEquals(catalog.suites(), list.getSuitesList());
        assertEquals(
                List.of(
                        Dut.newBuilder()
                                .setName("sw1")
                                .setKind("switch")
                                .setTesterPort(1)
                                .setDutPort(1)
                                .build(),
                        Dut.newBuilder()
                                .setName("sw2")
                                .setKind("switch")
                                .setTesterPort(2)
                                .setDutPort(3)
                                .build()),
                list.getDutsList());
        Procedure c14 = list.getProceduresList().stream()
                .filter(p -> p.getId().equals(C14))
                .findFirst()
                .orElseThrow();
        assertEquals(Role.ROLE_MAD_TESTER, c14.getTesterRole());
        assertEquals(DutKind.DUT_SWITCH, c14.getDutKind());
        assertTrue(c14.getAssertionsList().contains("v1c13-024#07"), c14.toString());
        assertTrue(c14.getQualifiersList().stream().anyMatch(q -> q.contains("EnhancedPort0")), c14.toString());
        assertTrue(c14.getSuitesList().contains("c14"), c14.toString());
        assertTrue(c14.getWidthsCount() > 0 && c14.getSpeedsCount() > 0, c14.toString());
        assertTrue(!c14.getTitle().isEmpty() && !c14.getSection().isEmpty(), c14.toString());
        assertTrue(c14.getTopology().contains("DUT=Switch"), c14.getTopology());
    }

    @Test
    void runsC14AgainstTheCompliantSwitchStreamingItsStepsToAPass() throws Exception {
        double passes = verdicts("PASS");
        List<RunEvent> events = run(RunRequest.newBuilder().addProcedures(C14).setDut("sw1"));

        RunEvent first = events.get(0);
        assertTrue(first.hasRunStarted(), first.toString());
        assertEquals(1, first.getRunStarted().getCount());
        assertEquals("sw1", first.getRunStarted().getDut());
        assertTrue(events.get(1).hasProcedureStarted(), events.get(1).toString());
        String procedureRun = events.get(1).getProcedureStarted().getProcedureRun();
        assertTrue(procedureRun.startsWith(C14), procedureRun);

        List<Integer> steps = events.stream()
                .filter(RunEvent::hasStepStarted)
                .map(e -> e.getStepStarted().getNumber())
                .toList();
        assertTrue(steps.contains(1) && steps.contains(10), "steps " + steps);
        List<StepEvent> packets = events.stream()
                .filter(RunEvent::hasStepEvent)
                .map(RunEvent::getStepEvent)
                .filter(e -> e.getType() == EventType.EVENT_SENT || e.getType() == EventType.EVENT_RECEIVED)
                .toList();
        assertTrue(packets.stream().anyMatch(e -> e.getType() == EventType.EVENT_RECEIVED), "packets " + packets);
        assertTrue(packets.stream().allMatch(e -> e.getFrame() >= 0), "packets " + packets);

        ProcedureFinished verdict = procedureFinished(events);
        assertEquals(VerdictKind.VERDICT_PASS, verdict.getVerdict(), verdict.toString());
        RunFinished end = events.get(events.size() - 1).getRunFinished();
        assertEquals(first.getRunStarted().getRunId(), end.getRunId());
        assertEquals(1, end.getPass());
        assertEquals(passes + 1, verdicts("PASS"));
        assertEquals(0, registry.get("ibmesh.tester.runs.active").gauge().value());
        assertTrue(
                registry.get("ibmesh.tester.procedure")
                                .tag("procedure", C14)
                                .timer()
                                .count()
                        >= 1,
                "the procedure's timer");

        // The trace holds every frame the events numbered, and the report says PASS.
        GetTraceResponse trace = tester.getTrace(GetTraceRequest.newBuilder()
                .setRunId(end.getRunId())
                .setProcedureRun(procedureRun)
                .build());
        assertEquals(procedureRun + ".pcap", trace.getFileName());
        assertEquals(verdict.getFrames(), records(trace.getPcap().toByteArray()));
        assertEquals(packets.size(), verdict.getFrames());
        GetReportResponse report = report(end.getRunId(), ReportFormat.REPORT_JSON);
        assertEquals("application/json", report.getContentType());
        JsonObject json = new JsonObject(report.getContent().toString(StandardCharsets.UTF_8));
        assertEquals(
                "PASS",
                json.getJsonArray("results")
                        .getJsonObject(0)
                        .getJsonObject("verdict")
                        .getString("kind"),
                json.encodePrettily());
    }

    @Test
    void failsAtStep10AgainstTheSwitchThatTakesAReservedLinkWidthEnabled() {
        double fails = verdicts("FAIL");
        List<RunEvent> events =
                run(RunRequest.newBuilder().addProcedures("c14_024_06_*_06").setDut("sw2"));

        ProcedureFinished verdict = procedureFinished(events);
        assertEquals(VerdictKind.VERDICT_FAIL, verdict.getVerdict(), verdict.toString());
        assertEquals(10, verdict.getStep());
        assertEquals("v1c13-024#07", verdict.getAssertion());
        assertEquals("7", verdict.getExpected());
        assertEquals("0", verdict.getActual());
        assertTrue(
                events.stream()
                        .filter(RunEvent::hasStepEvent)
                        .map(RunEvent::getStepEvent)
                        .anyMatch(e -> e.getStep() == 10 && e.getType() == EventType.EVENT_CHECK_FAILED),
                "a failed check in step 10");
        RunFinished end = events.get(events.size() - 1).getRunFinished();
        assertEquals(1, end.getFail());
        assertEquals(fails + 1, verdicts("FAIL"));

        // The report package's files: JUnit has the FAIL as a failure, the HTML index a row for it.
        GetReportResponse junit = report(end.getRunId(), ReportFormat.REPORT_JUNIT);
        assertEquals("junit.xml", junit.getFileName());
        assertEquals("application/xml", junit.getContentType());
        String xml = junit.getContent().toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("<failure") && xml.contains("v1c13-024#07"), xml);
        GetReportResponse html = report(end.getRunId(), ReportFormat.REPORT_HTML);
        assertEquals("text/html", html.getContentType());
        assertTrue(html.getContent().toString(StandardCharsets.UTF_8).contains(C14), html.getFileName());
    }

    @Test
    void runRequestsNamingWhatDoesNotExistAreRefusedWithTheFieldAndWhatIsAllowed() {
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.contains("procedures[1]") && m.contains("C99_*") && m.contains("ListProcedures"),
                () -> run(RunRequest.newBuilder()
                        .addProcedures(C14)
                        .addProcedures("C99_*")
                        .setDut("sw1")));
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.contains("suites[0]") && m.contains("nosuch") && m.contains("c14"),
                () -> run(RunRequest.newBuilder().addSuites("nosuch").setDut("sw1")));
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.contains("dut") && m.contains("h9") && m.contains("sw1") && m.contains("sw2"),
                () -> run(RunRequest.newBuilder().addProcedures(C14).setDut("h9")));
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.startsWith("dut: empty") && m.contains("sw1") && m.contains("sw2"),
                () -> run(RunRequest.newBuilder().addProcedures(C14)));
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.startsWith("matrix"),
                () -> run(
                        RunRequest.newBuilder().addProcedures(C14).setDut("sw1").setMatrix(true)));
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.startsWith("procedures[0]: empty"),
                () -> run(RunRequest.newBuilder().addProcedures(" ").setDut("sw1")));
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.contains("none of the selected procedures applies to sw1") && m.contains("DUT=xCA"),
                () -> run(RunRequest.newBuilder().addProcedures("C09_130_01").setDut("sw1")));
    }

    @Test
    void reportAndTraceRequestsForUnknownRunsAreRefused() {
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.startsWith("run_id: empty"),
                () -> tester.getReport(GetReportRequest.newBuilder()
                        .setFormat(ReportFormat.REPORT_JSON)
                        .build()));
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.startsWith("run_id: no run 'r-1'"),
                () -> tester.getReport(GetReportRequest.newBuilder()
                        .setRunId("r-1")
                        .setFormat(ReportFormat.REPORT_JSON)
                        .build()));
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.startsWith("run_id: no run 'r-1'"),
                () -> tester.getTrace(GetTraceRequest.newBuilder()
                        .setRunId("r-1")
                        .setProcedureRun(C14)
                        .build()));

        List<RunEvent> events = run(RunRequest.newBuilder().addProcedures(C14).setDut("sw1"));
        String runId = events.get(0).getRunStarted().getRunId();
        String procedureRun = events.get(1).getProcedureStarted().getProcedureRun();
        assertRefused(
                Status.Code.INVALID_ARGUMENT,
                m -> m.startsWith("format") && m.contains("REPORT_JUNIT"),
                () -> tester.getReport(
                        GetReportRequest.newBuilder().setRunId(runId).build()));
        assertRefused(
                Status.Code.NOT_FOUND,
                m -> m.startsWith("procedure_run") && m.contains("C09_x") && m.contains(procedureRun),
                () -> tester.getTrace(GetTraceRequest.newBuilder()
                        .setRunId(runId)
                        .setProcedureRun("C09_x")
                        .build()));
    }

    /** The whole stream of a Run, up to RunFinished. */
    private static List<RunEvent> run(RunRequest.Builder request) {
        List<RunEvent> events = new ArrayList<>();
        tester.withDeadlineAfter(120, TimeUnit.SECONDS).run(request.build()).forEachRemaining(events::add);
        assertTrue(events.get(events.size() - 1).hasRunFinished(), "the last event: " + events.get(events.size() - 1));
        return events;
    }

    private static GetReportResponse report(String runId, ReportFormat format) {
        return tester.getReport(
                GetReportRequest.newBuilder().setRunId(runId).setFormat(format).build());
    }

    private static ProcedureFinished procedureFinished(List<RunEvent> events) {
        List<ProcedureFinished> finished = events.stream()
                .filter(RunEvent::hasProcedureFinished)
                .map(RunEvent::getProcedureFinished)
                .toList();
        assertEquals(1, finished.size(), "procedure runs finished: " + finished);
        return finished.get(0);
    }

    private static double verdicts(String kind) {
        return registry.get("ibmesh.tester.verdicts")
                .tag("verdict", kind)
                .counter()
                .count();
    }

    private static int records(byte[] pcap) throws Exception {
        int n = 0;
        try (ErfTraceReader reader = new ErfTraceReader(new ByteArrayInputStream(pcap), "trace")) {
            while (reader.next() != null) {
                n++;
            }
        }
        return n;
    }

    private static void assertRefused(Status.Code code, Predicate<String> message, Executable call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call);
        assertEquals(code, e.getStatus().getCode(), e.getStatus().toString());
        String text = String.valueOf(e.getStatus().getDescription());
        assertTrue(message.test(text), text);
    }
}
