/**
 * The transport half of the HCA (IBA chapters 9 and 10): {@link dev.ibmesh.device.hca.transport.HcaTransport} owns the
 * verbs facade and one engine per QP, takes data packets from the device ({@code receive}) and hands frames to it
 * through {@link dev.ibmesh.device.hca.transport.HcaPorts}. The engines are in {@code rc} (requester, completer,
 * responder, as rxe splits them), {@code uc} and {@code ud}, above this package: HcaTransport gets them through a
 * {@link dev.ibmesh.device.hca.transport.QpEngineFactory}; what they share is here: PSN arithmetic, segmentation,
 * key checks on memory, frame building, the per-port outbox, counters, and the named
 * {@link dev.ibmesh.device.hca.transport.HcaDeviation deviations}. Time goes through the device's
 * {@link dev.ibmesh.runtime.time.Scheduler}. Single-threaded: no locks.
 */
package dev.ibmesh.device.hca.transport;
