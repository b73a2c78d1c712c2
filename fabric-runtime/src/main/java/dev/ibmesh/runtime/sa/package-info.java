/** A client of the Subnet Administrator (IBA 15.4): SubnAdmGet and SubnAdmGetTable over a MadPort, with RMPP. */
package dev.ibmesh.runtime.sa;
