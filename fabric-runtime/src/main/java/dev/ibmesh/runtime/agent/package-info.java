/**
 * Host software on a device port - an SM, a tester, a diag tool through the umad endpoint - as every end port offers
 * it (an HCA port, a switch's management port 0): the MADs it sends and receives ({@link
 * dev.ibmesh.runtime.agent.HostMad}), which agent gets each MAD that arrives ({@link
 * dev.ibmesh.runtime.agent.MadAgents}), QP1's dispatch between the PMA and host software ({@link
 * dev.ibmesh.runtime.agent.Gsi}), who takes an SMP that ended its route ({@link
 * dev.ibmesh.runtime.agent.SmpRecipient}), and the umad adapter over all of it ({@link
 * dev.ibmesh.runtime.agent.AgentUmadPort}). Event-loop logic; no Vert.x types but the futures of the umad adapter.
 */
package dev.ibmesh.runtime.agent;
