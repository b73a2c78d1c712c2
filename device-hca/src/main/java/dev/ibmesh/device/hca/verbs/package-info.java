/**
 * The verbs object model of the emulated HCA, after libibverbs: protection domains, memory regions with keys and
 * access flags, completion queues, queue pairs of type RC, UC and UD with the IBA state machine, and work requests
 * and completions. {@link dev.ibmesh.device.hca.verbs.Verbs} is the facade offering every verb; an invalid request
 * throws {@link dev.ibmesh.device.hca.verbs.VerbsException} and changes nothing. The transport behind the facade is
 * told about QPs through {@link dev.ibmesh.device.hca.verbs.QpHooks}. Single-threaded: everything runs on the
 * device's event loop.
 */
package dev.ibmesh.device.hca.verbs;
