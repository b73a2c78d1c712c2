/**
 * Counters a device's event loop writes and a metrics scrape reads from another thread, published with
 * release/acquire semantics ({@link dev.ibmesh.runtime.counters.SingleWriterCounters}). Depends on nothing else of
 * ibmesh.
 */
package dev.ibmesh.runtime.counters;
