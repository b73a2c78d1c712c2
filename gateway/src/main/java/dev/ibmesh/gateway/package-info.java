/**
 * The MAD gateway: a local {@link dev.ibmesh.runtime.madport.MadPort} (libibumad on a lab host, a node of ibsim)
 * served over gRPC ({@code ibmesh.gateway.v1.MadGateway}) to testers and SMs elsewhere, with a token and an optional
 * read-only mode ({@link GatewayServer}), and {@link GatewayMadPort}, the MadPort a client gets from it.
 */
package dev.ibmesh.gateway;
