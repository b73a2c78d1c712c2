package dev.ibmesh.tester.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One run at a time, and which finished runs the service still answers for. */
class RunsTest {
    @TempDir
    Path dir;

    @Test
    void aSecondRunWhileOneRunsIsRefusedNotQueued() {
        Runs runs = new Runs(dir);
        RunRecord first = runs.begin("sw1");
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> runs.begin("h1"));
        assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains("run " + first.id() + " against sw1"), e.getMessage());

        StatusRuntimeException report = assertThrows(StatusRuntimeException.class, () -> runs.finished(first.id()));
        assertEquals(Status.Code.FAILED_PRECONDITION, report.getStatus().getCode());

        FinishedRun done = new FinishedRun(first, List.of(), Duration.ZERO);
        runs.finish(done);
        assertSame(done, runs.finished(first.id()));
        RunRecord second = runs.begin("h1");
        assertNotEquals(first.id(), second.id());
        assertEquals(dir.resolve(second.id()), second.dir());
    }

    @Test
    void aRunTheTesterFailedInFreesTheDutsAndIsNotFound() {
        Runs runs = new Runs(dir);
        RunRecord run = runs.begin("sw1");
        runs.abandon(run);
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> runs.finished(run.id()));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        runs.begin("sw1");
    }

    @Test
    void keepsTheLastFinishedRunsOnly() {
        Runs runs = new Runs(dir);
        RunRecord oldest = runs.begin("sw1");
        runs.finish(new FinishedRun(oldest, List.of(), Duration.ZERO));
        RunRecord last = oldest;
        for (int i = 0; i < Runs.KEEP; i++) {
            last = runs.begin("sw1");
            runs.finish(new FinishedRun(last, List.of(), Duration.ZERO));
        }
        assertEquals(last.id(), runs.finished(last.id()).run().id());
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> runs.finished(oldest.id()));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains(last.id()), e.getMessage());
    }
}
