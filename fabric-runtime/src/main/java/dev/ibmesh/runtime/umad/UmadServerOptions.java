package dev.ibmesh.runtime.umad;

import java.time.Duration;

/**
 * Where and how {@link UmadServer} listens.
 *
 * @param host         the address to bind (ibsim binds INADDR_ANY: "0.0.0.0")
 * @param port         the control port; client {@code i}'s data port is {@code port + 1 + i}, so the server holds
 *                     {@code port .. port + maxClients} (ibsim: 7070, data ports 7071..7080)
 * @param maxClients   client slots (ibsim: {@code IBSIM_MAX_CLIENTS}, 10)
 * @param idleTimeout  a client silent this long (no control or data datagram) is taken for vanished and its session
 *                     closed; {@link Duration#ZERO} never
 * @param reclaimAfter when every slot is taken, a CONNECT closes the longest-silent session if it has been silent at
 *                     least this long (a client killed without DISCONNECT frees its slot for the next one);
 *                     {@link Duration#ZERO} never
 * @param responseTimeout a client's request unanswered this long goes back to it with status 110, as the kernel
 *                     completes a send that timed out ({@link PendingRequests})
 */
public record UmadServerOptions(
        String host, int port, int maxClients, Duration idleTimeout, Duration reclaimAfter, Duration responseTimeout) {
    /** {@code IBSIM_DEFAULT_SERVER_PORT}. */
    public static final int DEFAULT_PORT = 7070;
    /** {@code IBSIM_MAX_CLIENTS}. */
    public static final int DEFAULT_MAX_CLIENTS = 10;

    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration DEFAULT_RECLAIM_AFTER = Duration.ofSeconds(30);
    /**
     * As long as OpenSM's send takes to fail with its defaults (transaction_timeout 200 ms, 3 retries: 800 ms), and
     * libibmad's default timeout (1 s): a program that waits itself gives up first.
     */
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(1);

    public UmadServerOptions {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
        if (maxClients < 1 || maxClients > 0xFFFF) {
            throw new IllegalArgumentException("maxClients must be 1..65535, was " + maxClients);
        }
        if (port + maxClients > 65535) {
            throw new IllegalArgumentException(
                    "data ports " + (port + 1) + ".." + (port + maxClients) + " run past 65535");
        }
        if (idleTimeout.isNegative() || reclaimAfter.isNegative()) {
            throw new IllegalArgumentException("durations must not be negative");
        }
        if (responseTimeout.isNegative() || responseTimeout.isZero()) {
            throw new IllegalArgumentException("the response timeout must be positive, was " + responseTimeout);
        }
    }

    /**
     * ibsim's defaults: every address, port 7070, 10 clients; idle timeout 10 minutes, reclaim after 30 seconds,
     * requests given back after 1 s without a response.
     */
    public static UmadServerOptions defaults() {
        return new UmadServerOptions(
                "0.0.0.0",
                DEFAULT_PORT,
                DEFAULT_MAX_CLIENTS,
                DEFAULT_IDLE_TIMEOUT,
                DEFAULT_RECLAIM_AFTER,
                DEFAULT_RESPONSE_TIMEOUT);
    }

    public UmadServerOptions withHost(String h) {
        return new UmadServerOptions(h, port, maxClients, idleTimeout, reclaimAfter, responseTimeout);
    }

    public UmadServerOptions withPort(int p) {
        return new UmadServerOptions(host, p, maxClients, idleTimeout, reclaimAfter, responseTimeout);
    }

    public UmadServerOptions withMaxClients(int n) {
        return new UmadServerOptions(host, port, n, idleTimeout, reclaimAfter, responseTimeout);
    }

    public UmadServerOptions withIdleTimeout(Duration d) {
        return new UmadServerOptions(host, port, maxClients, d, reclaimAfter, responseTimeout);
    }

    public UmadServerOptions withReclaimAfter(Duration d) {
        return new UmadServerOptions(host, port, maxClients, idleTimeout, d, responseTimeout);
    }

    public UmadServerOptions withResponseTimeout(Duration d) {
        return new UmadServerOptions(host, port, maxClients, idleTimeout, reclaimAfter, d);
    }
}
