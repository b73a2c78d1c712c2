package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.QueuePair;

/**
 * Makes the engine of a QP when the verbs create it, by its transport service. The engines ({@code rc}, {@code uc},
 * {@code ud}) build on this package, so {@link HcaTransport} takes them from above instead of naming them.
 */
@FunctionalInterface
public interface QpEngineFactory {
    QpEngine create(QueuePair qp, TransportContext ctx);
}
