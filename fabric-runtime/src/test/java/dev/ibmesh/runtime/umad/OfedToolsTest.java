package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A tool that does not end is reported with where its threads wait, the evidence for a hang. */
class OfedToolsTest {
    @Test
    void whereBlockedNamesEachThreadsWaitChannelAndSystemCall() throws Exception {
        Process sleeping = new ProcessBuilder("sleep", "60").start();
        try {
            String where = OfedTools.whereBlocked(sleeping.pid());
            assertTrue(
                    where.matches("(?s)thread " + sleeping.pid()
                            + ": wchan [^\\n]+, syscall (running|[0-9a-fx -]+|\\(.+\\))\\n"),
                    "one line for the one thread, its system call read or why not:\n" + where);
        } finally {
            sleeping.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
