package dev.ibmesh.runtime.fault;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where ibmesh reports the exceptions it caught at a boundary: the places where a link, a gRPC or HTTP call or a
 * timer enters device code, which catch a {@link RuntimeException} rather than let it escape to Vert.x or gRPC
 * (where it would leave a receive buffer taken, a stream window shrunk or a caller waiting). Each boundary also
 * does what its caller needs (drops and counts the frame, answers an error status); this class only tells the
 * operator, without flooding the log: the first exception of each kind - the boundary, the exception's class and
 * the place it was thrown - is logged at WARNING with its stack trace, and later ones of the same kind are only
 * counted ({@link #count}) and logged at DEBUG with the count so far.
 *
 * <p>Threading: any thread; the kinds seen are kept in a concurrent map (a bounded one: boundaries and throwing
 * places are finite in the code).
 */
public final class FaultLog {
    private static final FaultLog SHARED = new FaultLog(System.getLogger("dev.ibmesh.fault"));

    private final Logger logger;
    private final Map<String, AtomicLong> seen = new ConcurrentHashMap<>();

    public FaultLog(Logger logger) {
        this.logger = logger;
    }

    /** The log every device of this JVM reports to. */
    public static FaultLog shared() {
        return SHARED;
    }

    /**
     * An exception was caught at {@code boundary} (a fixed name of the place that caught it, such as
     * "PortEvents.onPacket") and handled there.
     */
    public void caught(String boundary, RuntimeException e) {
        String kind = kind(boundary, e);
        long n = seen.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        if (n == 1) {
            logger.log(
                    Level.WARNING,
                    "internal error caught at " + boundary + " (handled; later ones of this kind are only counted)",
                    e);
        } else if (logger.isLoggable(Level.DEBUG)) {
            logger.log(Level.DEBUG, "internal error caught at {0} again ({1} times): {2}", boundary, n, e);
        }
    }

    /** How many exceptions of class {@code type} were caught at {@code boundary}, wherever they were thrown. */
    public long count(String boundary, Class<? extends RuntimeException> type) {
        String prefix = boundary + " " + type.getName() + " ";
        return seen.entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .mapToLong(e -> e.getValue().get())
                .sum();
    }

    /** The boundary, the exception's class and where it was thrown (unknown when the JVM left out the trace). */
    private static String kind(String boundary, RuntimeException e) {
        StackTraceElement[] trace = e.getStackTrace();
        return boundary + " " + e.getClass().getName() + " " + (trace.length > 0 ? trace[0] : "?");
    }
}
