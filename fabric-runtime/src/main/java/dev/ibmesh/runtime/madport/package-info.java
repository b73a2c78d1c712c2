/**
 * {@link dev.ibmesh.runtime.madport.MadPort}: the one interface through which management software (the tester's MAD
 * procedures, a subnet manager) sends and receives MADs on a port, whatever stands behind it: an emulated port's
 * host-MAD path here ({@link dev.ibmesh.runtime.madport.AgentMadPort}), the OpenFabrics simulator or libibumad on
 * real hardware elsewhere. Software written against it runs unchanged on each.
 */
package dev.ibmesh.runtime.madport;
