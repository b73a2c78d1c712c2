package dev.ibmesh.runtime.observe;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * The running fabric as the live view ({@link LiveView}) reads and changes it: its devices, ports and links as JSON,
 * and a cable pulled or put back. The fabric implements it (it knows its devices and the control API); this package
 * only serves it over HTTP, so it depends on no device. A request the fabric refuses fails with {@link Refused}.
 */
public interface LiveFabric {
    /** Every device with its ports, and every cabled link with its state. */
    Future<JsonObject> fabric();

    /** One device: its ports with their LIDs, states, width, speed and PMA counters. */
    Future<JsonObject> device(String name);

    /** Pulls the cable at {@code device/port} ({@code up} false) or puts it back, as the control API's SetLinkState. */
    Future<JsonObject> setLinkState(String device, int port, boolean up);

    /** A request refused: answered with HTTP {@code status} (400 malformed, 404 no such device or port). */
    final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final int status;

        public Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }
}
