package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;

/** Computes the unicast routes of a discovered subnet (OpenSM's routing engines; chosen by the SM's options). */
public interface RoutingEngine {
    /** The name users choose it by ({@code --routing}). */
    String name();

    Routes route(Subnet subnet, LidAssignment lids);
}
