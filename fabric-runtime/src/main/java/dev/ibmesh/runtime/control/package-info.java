/**
 * The control API of a running fabric ({@code ibmesh.fabric.v1.Fabric}, proto/fabric.proto): list its devices,
 * ports and links, pull a cable and put it back, impair a link direction, capture a port, inject a raw frame, watch
 * ports change state. Served with gRPC server reflection and
 * the standard health service by {@link dev.ibmesh.runtime.control.ControlServer}.
 */
package dev.ibmesh.runtime.control;
