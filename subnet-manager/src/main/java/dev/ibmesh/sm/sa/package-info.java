/**
 * The Subnet Administrator (IBA 15): class 0x03 on the master SM's port, answering SubnAdmGet and SubnAdmGetTable
 * from the subnet as the last heavy sweep left it, multi-MAD answers as RMPP transfers.
 */
package dev.ibmesh.sm.sa;
