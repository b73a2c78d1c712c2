/**
 * The umad endpoint: ibmesh device ports serve host management software (OpenSM, infiniband-diags) through the
 * client protocol of the OpenFabrics simulator ibsim in its UDP mode, the protocol {@code libumad2sim.so} (Debian
 * {@code libumad2sim0}, preloaded by {@code ibsim-run}) speaks when {@code IBSIM_SERVER_NAME} and
 * {@code IBSIM_SERVER_PORT} are set.
 *
 * <h2>The protocol (ibsim 0.10-0.12: {@code include/ibsim.h}, {@code umad2sim/sim_client.c},
 * {@code umad2sim/umad2sim.c}, {@code ibsim/ibsim.c}, {@code ibsim/sim_mad.c}; checked against ibsim 0.10 on loopback)</h2>
 * <ul>
 *   <li><b>Control</b>: 80-byte {@link dev.ibmesh.runtime.umad.SimCtl} datagrams, host byte order, to the server's
 *       base port (7070). Request and reply have the same layout; an error reply is the request with type 0.
 *       umad2sim sends CONNECT, GET_VENDOR, GET_NODEINFO, GET_PORTINFO(0), GET_PKEYS, SET_ISSM (with
 *       {@code SIM_SET_ISSM}, and on open/close of {@code /dev/infiniband/issm0}), DISCONNECT (at exit).</li>
 *   <li><b>Data</b>: 288-byte {@link dev.ibmesh.runtime.umad.SimRequest} datagrams in network byte order between the
 *       client's data socket (its port is the id of CONNECT) and the server's port {@code base + 1 + clientId}.</li>
 *   <li><b>Names</b>: SIM_HOST goes in CONNECT and is resolved by a {@link dev.ibmesh.runtime.umad.UmadDirectory};
 *       the reply names the node the client is attached at.</li>
 *   <li><b>TIDs</b>: requests from client {@code i} carry {@code i} in TID bits 63..48 (ibsim's stamp), so responses
 *       find the client; requests and traps for host software go to the client holding the SM role on the port.</li>
 * </ul>
 *
 * <p>Devices implement {@link dev.ibmesh.runtime.umad.UmadPort}; {@link dev.ibmesh.runtime.umad.UmadServer} (a
 * verticle) serves many clients, cleans up vanished ones and counts what happens
 * ({@link dev.ibmesh.runtime.umad.UmadCounters}, {@link dev.ibmesh.runtime.umad.UmadMetrics}).
 */
package dev.ibmesh.runtime.umad;
