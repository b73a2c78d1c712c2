/**
 * Fault boundaries: reporting the exceptions caught where links, gRPC and HTTP calls and timers enter device code
 * ({@link dev.ibmesh.runtime.fault.FaultLog}). Depends on nothing else of ibmesh, so every package may use it.
 */
package dev.ibmesh.runtime.fault;
