package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.Dut;
import dev.ibmesh.proto.tester.v1.DutKind;
import dev.ibmesh.proto.tester.v1.EventType;
import dev.ibmesh.proto.tester.v1.Param;
import dev.ibmesh.proto.tester.v1.Procedure;
import dev.ibmesh.proto.tester.v1.ProcedureFinished;
import dev.ibmesh.proto.tester.v1.ProcedureStarted;
import dev.ibmesh.proto.tester.v1.Role;
import dev.ibmesh.proto.tester.v1.RunEvent;
import dev.ibmesh.proto.tester.v1.RunFinished;
import dev.ibmesh.proto.tester.v1.RunStarted;
import dev.ibmesh.proto.tester.v1.StepEvent;
import dev.ibmesh.proto.tester.v1.StepStarted;
import dev.ibmesh.proto.tester.v1.VerdictKind;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.target.TopologyTarget;
import java.time.Duration;
import java.util.List;

/** The engine's descriptors, steps, events and verdicts as tester.proto's messages. Stateless. */
final class Messages {
    private Messages() {}

    static Procedure procedure(ProcedureDescriptor d) {
        Cts cts = d.cts();
        Procedure.Builder b = Procedure.newBuilder()
                .setId(cts.id())
                .setSection(cts.section())
                .setTitle(cts.title())
                .addAllCoverage(List.of(cts.coverage()))
                .addAllAssertions(List.of(cts.assertions()))
                .setTesterRole(role(cts.tester()))
                .setDutKind(dutKind(cts.dut()))
                .addAllQualifiers(List.of(cts.qualifiers()))
                .setOwnId(cts.ownId())
                .addAllSuites(d.suites())
                .setTopology(d.topology());
        for (Width w : cts.widths()) {
            b.addWidths(w.label());
        }
        for (Speed s : cts.speeds()) {
            b.addSpeeds(s.name());
        }
        for (dev.ibmesh.tester.engine.Param p : d.params()) {
            b.addParams(Param.newBuilder()
                    .setName(p.name())
                    .addAllValues(List.of(p.values()))
                    .setDescription(p.description()));
        }
        return b.build();
    }

    static Dut dut(TopologyTarget.Cabling c) {
        return Dut.newBuilder()
                .setName(c.dut())
                .setKind(c.dutKind())
                .setTesterPort(c.testerPort())
                .setDutPort(c.dutPort())
                .build();
    }

    static RunEvent runStarted(RunRecord run, int count) {
        return RunEvent.newBuilder()
                .setRunStarted(RunStarted.newBuilder()
                        .setRunId(run.id())
                        .setDut(run.dut())
                        .setCount(count))
                .build();
    }

    static RunEvent procedureStarted(RunItem item, int index) {
        return RunEvent.newBuilder()
                .setProcedureStarted(ProcedureStarted.newBuilder()
                        .setProcedureRun(item.fileName())
                        .setProcedureId(item.procedure().id())
                        .setConfiguration(item.configuration().label())
                        .setIndex(index))
                .build();
    }

    static RunEvent stepStarted(RunItem item, Step step) {
        return RunEvent.newBuilder()
                .setStepStarted(StepStarted.newBuilder()
                        .setProcedureRun(item.fileName())
                        .setNumber(step.number())
                        .setText(step.text())
                        .setSinceStart(duration(Duration.ofNanos(step.startNanos()))))
                .build();
    }

    static RunEvent stepEvent(RunItem item, Step step, LogEvent e) {
        return RunEvent.newBuilder()
                .setStepEvent(StepEvent.newBuilder()
                        .setProcedureRun(item.fileName())
                        .setStep(step.number())
                        .setType(eventType(e.type()))
                        .setSinceStart(duration(Duration.ofNanos(e.nanos())))
                        .setText(e.text())
                        .setFrame(e.frame()))
                .build();
    }

    static RunEvent procedureFinished(ProcedureResult r) {
        Verdict v = r.verdict();
        return RunEvent.newBuilder()
                .setProcedureFinished(ProcedureFinished.newBuilder()
                        .setProcedureRun(r.item().fileName())
                        .setVerdict(verdictKind(v.kind()))
                        .setStep(v.step())
                        .setAssertion(v.assertion())
                        .setExpected(v.expected())
                        .setActual(v.actual())
                        .setReason(v.reason())
                        .setDuration(duration(r.duration()))
                        .setBench(r.bench())
                        .setFrames(r.traceFile().isPresent() ? r.frames().size() : 0))
                .build();
    }

    static RunEvent runFinished(FinishedRun done) {
        return RunEvent.newBuilder()
                .setRunFinished(RunFinished.newBuilder()
                        .setRunId(done.run().id())
                        .setPass((int) done.count(Verdict.Kind.PASS))
                        .setFail((int) done.count(Verdict.Kind.FAIL))
                        .setNotApplicable((int) done.count(Verdict.Kind.NOT_APPLICABLE))
                        .setError((int) done.count(Verdict.Kind.ERROR))
                        .setWallTime(duration(done.wallTime())))
                .build();
    }

    static com.google.protobuf.Duration duration(Duration d) {
        return com.google.protobuf.Duration.newBuilder()
                .setSeconds(d.getSeconds())
                .setNanos(d.getNano())
                .build();
    }

    static VerdictKind verdictKind(Verdict.Kind kind) {
        return switch (kind) {
            case PASS -> VerdictKind.VERDICT_PASS;
            case FAIL -> VerdictKind.VERDICT_FAIL;
            case NOT_APPLICABLE -> VerdictKind.VERDICT_NOT_APPLICABLE;
            case ERROR -> VerdictKind.VERDICT_ERROR;
        };
    }

    private static EventType eventType(LogEvent.Type type) {
        return switch (type) {
            case SENT -> EventType.EVENT_SENT;
            case RECEIVED -> EventType.EVENT_RECEIVED;
            case CHECK_PASSED -> EventType.EVENT_CHECK_PASSED;
            case CHECK_FAILED -> EventType.EVENT_CHECK_FAILED;
            case NOTE -> EventType.EVENT_NOTE;
        };
    }

    private static Role role(dev.ibmesh.tester.engine.Role role) {
        return switch (role) {
            case MAD_TESTER -> Role.ROLE_MAD_TESTER;
            case TRANSPORT_TESTER -> Role.ROLE_TRANSPORT_TESTER;
            case PACKET_GENERATOR -> Role.ROLE_PACKET_GENERATOR;
        };
    }

    private static DutKind dutKind(dev.ibmesh.tester.engine.DutKind kind) {
        return switch (kind) {
            case SWITCH -> DutKind.DUT_SWITCH;
            case CA -> DutKind.DUT_CA;
            case NODE -> DutKind.DUT_NODE;
        };
    }
}
