package dev.ibmesh.tester.bench;

/**
 * A data packet the tester's port received, handed to the Transport Tester or the packet generator instead of the
 * tester's own transport, with its time in the run's trace.
 *
 * @param nanos nanoseconds since the run began (the trace's clock)
 * @param frame its index in the trace
 */
public record CapturedFrame(long nanos, int frame, byte[] bytes) {}
