package dev.ibmesh.cli;

import java.util.Locale;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The log of an ibmesh process, on stderr through slf4j-simple (format and defaults in {@code
 * simplelogger.properties}): ibmesh's own loggers at the level {@code --log-level} asks for; the libraries (Vert.x and
 * Netty log through SLF4J, gRPC through java.util.logging, bridged here) only warnings and errors, so that the default
 * log is what an operator needs and nothing per packet.
 */
final class ConsoleLogging {
    /** The levels of {@code --log-level}, quietest first. */
    enum Level {
        ERROR,
        WARN,
        INFO,
        DEBUG,
        TRACE
    }

    private ConsoleLogging() {}

    /** Must run before the first logger is made: slf4j-simple reads its settings then. */
    static void configure(Level level) {
        String name = level.name().toLowerCase(Locale.ROOT);
        System.setProperty("org.slf4j.simpleLogger.log.dev.ibmesh", name);
        boolean quietest = level == Level.ERROR;
        if (quietest) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", name);
        }
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        java.util.logging.Logger.getLogger("")
                .setLevel(quietest ? java.util.logging.Level.SEVERE : java.util.logging.Level.WARNING);
    }
}
