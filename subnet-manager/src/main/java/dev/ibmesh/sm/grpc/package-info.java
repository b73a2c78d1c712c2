/** The SM's status over gRPC ({@code ibmesh.sm.v1.SubnetManager}, proto/src/main/proto/sm.proto). */
package dev.ibmesh.sm.grpc;
