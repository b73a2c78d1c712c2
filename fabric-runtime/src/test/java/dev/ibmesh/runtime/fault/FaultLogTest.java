package dev.ibmesh.runtime.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

/** The first exception of each kind is logged with its stack trace; the same kind again is only counted. */
class FaultLogTest {
    private record Entry(Level level, String message, Throwable thrown) {}

    /** Keeps what is logged at WARNING and above; DEBUG is on, so its calls are seen too. */
    private static final class Recording implements System.Logger {
        final List<Entry> entries = new ArrayList<>();

        @Override
        public String getName() {
            return "test";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            entries.add(new Entry(level, msg, thrown));
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            entries.add(new Entry(level, format, null));
        }

        List<Entry> at(Level level) {
            return entries.stream().filter(e -> e.level() == level).toList();
        }
    }

    private final Recording logger = new Recording();
    private final FaultLog log = new FaultLog(logger);

    @Test
    void eachKindIsLoggedOnceWithItsStackTraceThenCounted() {
        for (int i = 0; i < 5; i++) {
            log.caught("PortEvents.onPacket", thrownHere());
        }
        List<Entry> warnings = logger.at(Level.WARNING);
        assertEquals(1, warnings.size());
        assertEquals(
                "internal error caught at PortEvents.onPacket (handled; later ones of this kind are only counted)",
                warnings.get(0).message());
        assertEquals(IllegalStateException.class, warnings.get(0).thrown().getClass());
        assertEquals(4, logger.at(Level.DEBUG).size(), "the repeats, without their stack traces");
        assertEquals(5, log.count("PortEvents.onPacket", IllegalStateException.class));
    }

    @Test
    void anotherClassAnotherThrowingPlaceOrAnotherBoundaryIsANewKind() {
        IllegalStateException first = thrownHere();
        log.caught("PortEvents.onPacket", first);
        log.caught("PortEvents.onPacket", new IllegalArgumentException("another class"));
        log.caught("PortEvents.onPacket", thrownElsewhere());
        log.caught("VirtualLink.onMessage", thrownHere());
        List<Entry> warnings = logger.at(Level.WARNING);
        assertEquals(4, warnings.size());
        assertSame(first, warnings.get(0).thrown());
        assertEquals(2, log.count("PortEvents.onPacket", IllegalStateException.class), "two places");
        assertEquals(1, log.count("VirtualLink.onMessage", IllegalStateException.class));
        assertEquals(0, log.count("VirtualLink.onMessage", IllegalArgumentException.class));
    }

    @Test
    void anExceptionWithoutAStackTraceStillCounts() {
        IllegalStateException bare = new IllegalStateException("fast throw");
        bare.setStackTrace(new StackTraceElement[0]);
        log.caught("Timer", bare);
        log.caught("Timer", bare);
        assertEquals(1, logger.at(Level.WARNING).size());
        assertEquals(2, log.count("Timer", IllegalStateException.class));
    }

    private static IllegalStateException thrownHere() {
        return new IllegalStateException("here");
    }

    private static IllegalStateException thrownElsewhere() {
        return new IllegalStateException("elsewhere");
    }
}
