package dev.ibmesh.runtime.umad;

import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.wire.Bits;
import io.vertx.core.Future;
import io.vertx.core.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers control messages ({@link SimCtl}), as ibsim's {@code ibsim.c sim_ctl()} does, with the differences that
 * make a bad message change nothing:
 *
 * <ul>
 *   <li>no reply (counted in {@link UmadCounter#CONTROL_DROPPED}) for a datagram shorter than the 16-byte header or
 *       with a wrong magic - ibsim drops those too;</li>
 *   <li>an ERROR reply (the request echoed with type 0, {@link UmadCounter#CONTROL_ERRORS}) for every other bad
 *       message: a size other than 80 (ibsim drops short ones and truncates long ones), len above 64, an unknown
 *       type (ibsim echoes those unchanged, which a client would take for success), a clientid that is not the
 *       sender's session (ibsim drops ids of 10 and above and serves any other id, even an empty slot, whoever
 *       sends it), an unknown SIM_HOST, no free slot, a second SM on a port;</li>
 *   <li>DISCONNECT of an empty slot is answered as a success, as ibsim does (it changes nothing).</li>
 * </ul>
 *
 * <p>What each request is answered from (ibsim's {@code sim_ctl_*} functions):
 * <table>
 *   <caption>Requests and their sources</caption>
 *   <tr><th>request</th><th>reply data</th></tr>
 *   <tr><td>CONNECT</td><td>the slot as client id, the port's {@link UmadPort#nodeName()}; the data address is the
 *       sender's host and the announced port; issm = 1 takes the SM role at once (ibsim only records it)</td></tr>
 *   <tr><td>GET_PORT</td><td>LID and PortState of this port's PortInfo</td></tr>
 *   <tr><td>GET_VENDOR</td><td>NodeInfo VendorID, DeviceID, Revision; firmware version 1 (ibsim's constant)</td></tr>
 *   <tr><td>GET_GID</td><td>PortInfo GidPrefix and the node GUID (ibsim's mixed byte order, {@link SimGid})</td></tr>
 *   <tr><td>GET_GUID</td><td>the node GUID</td></tr>
 *   <tr><td>GET_NODEINFO</td><td>NodeInfo as this port's SMA answers it</td></tr>
 *   <tr><td>GET_PORTINFO</td><td>PortInfo of the requested port of the node, or of this port for 0 or a port the
 *       node lacks (ibsim answers port N-1 of a CA for N &ge; 2, an off-by-one not copied)</td></tr>
 *   <tr><td>SET_ISSM</td><td>echo; refused while another client holds the role on the port (ibsim allows it; the
 *       kernel's issm device has one opener)</td></tr>
 *   <tr><td>GET_PKEYS</td><td>P_Key block 0, entries past NodeInfo.PartitionCap zeroed</td></tr>
 *   <tr><td>DISCONNECT</td><td>echo; the session closes</td></tr>
 * </table>
 *
 * <p>Threading: {@link #handle} runs on the server's context and changes the session table only there, before it
 * returns. The returned future may complete on a port's thread: the caller hops back before sending.
 */
final class ControlHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ControlHandler.class);

    private final UmadSessions sessions;
    private final UmadDirectory directory;
    private final UmadCounters counters;
    private final LongSupplier nanoTime;
    private final Duration reclaimAfter;

    ControlHandler(
            UmadSessions sessions,
            UmadDirectory directory,
            UmadCounters counters,
            LongSupplier nanoTime,
            Duration reclaimAfter) {
        this.sessions = sessions;
        this.directory = directory;
        this.counters = counters;
        this.nanoTime = nanoTime;
        this.reclaimAfter = reclaimAfter;
    }

    /**
     * @return the reply to send to {@code from}, or a future of null when no reply is due
     */
    Future<byte[]> handle(byte[] datagram, SocketAddress from) {
        counters.increment(UmadCounter.CONTROL_RECEIVED);
        SimCtl ctl;
        try {
            ctl = SimCtl.decodeLenient(datagram);
        } catch (SimProtocolException e) {
            counters.reject(UmadCounter.CONTROL_DROPPED, e.reason());
            return Future.succeededFuture(null);
        }
        try {
            SimCtl.decode(datagram);
        } catch (SimProtocolException e) {
            return error(ctl, e.reason());
        }
        if (!SimCtlType.isRequest(ctl.type())) {
            return error(ctl, SimReject.UNKNOWN_TYPE);
        }
        if (ctl.type() == SimCtlType.CONNECT) {
            return connect(ctl, from);
        }
        Optional<UmadSession> found = sessions.get(ctl.clientIdUnsigned());
        if (ctl.type() == SimCtlType.DISCONNECT && found.isEmpty() && ctl.clientIdUnsigned() < sessions.capacity()) {
            return reply(ctl); // ibsim: "client is not connected", answered as done
        }
        if (found.isEmpty() || !found.get().isControlAddress(from)) {
            return error(ctl, SimReject.UNKNOWN_CLIENT);
        }
        UmadSession s = found.get();
        s.lastHeardNanos = nanoTime.getAsLong();
        UmadPort port = s.port;
        switch (ctl.type()) {
            case SimCtlType.DISCONNECT:
                sessions.close(s, UmadCounter.SESSIONS_DISCONNECTED);
                return reply(ctl);
            case SimCtlType.GET_PORT:
                return answer(
                        ctl,
                        () -> port.portInfo(port.portNumber())
                                .map(pi -> new SimPort(Bits.u16(pi, 16), pi[32] & 0x0F).encode()));
            case SimCtlType.GET_VENDOR:
                return answer(
                        ctl,
                        () -> port.nodeInfo()
                                .map(ni -> new SimVendor(Bits.u24(ni, 37), Bits.u16(ni, 30), Bits.u32(ni, 32), 1)
                                        .encode()));
            case SimCtlType.GET_GID:
                return answer(
                        ctl,
                        () -> port.portInfo(port.portNumber())
                                .map(pi -> new SimGid(Bits.u64(pi, 8), port.nodeGuid()).encode()));
            case SimCtlType.GET_GUID:
                return answer(ctl, () -> Future.succeededFuture(new SimGuid(port.nodeGuid()).encode()));
            case SimCtlType.GET_NODEINFO:
                return answer(ctl, () -> port.nodeInfo().map(SimAttributeData::reply));
            case SimCtlType.GET_PORTINFO:
                return answer(ctl, () -> portInfo(port, SimAttributeData.requestedPort(ctl.data())));
            case SimCtlType.SET_ISSM:
                return setIsSm(ctl, s);
            case SimCtlType.GET_PKEYS:
                return answer(
                        ctl,
                        () -> port.nodeInfo()
                                .compose(ni ->
                                        port.pKeyTable().map(pk -> SimAttributeData.pKeys(pk, Bits.u16(ni, 28)))));
            default:
                return error(ctl, SimReject.UNKNOWN_TYPE);
        }
    }

    private Future<byte[]> connect(SimCtl ctl, SocketAddress from) {
        if (Integer.compareUnsigned(ctl.len(), SimClientInfo.SIZE) < 0) {
            return refuse(ctl, from, SimReject.BAD_LENGTH, "its CONNECT data is " + ctl.len() + " bytes, not 44");
        }
        SimClientInfo info = SimClientInfo.decode(ctl.data());
        int dataPort = info.id();
        if (dataPort < 1 || dataPort > 0xFFFF) {
            return refuse(ctl, from, SimReject.BAD_DATA_PORT, "data port " + dataPort + " is not 1..65535");
        }
        Optional<UmadPort> target = directory.resolve(info.nodeId());
        if (target.isEmpty()) {
            List<String> known = directory.names();
            return refuse(
                    ctl,
                    from,
                    SimReject.UNKNOWN_HOST,
                    "SIM_HOST '" + info.nodeId() + "' names no port here"
                            + (known.isEmpty() ? "" : "; known: " + String.join(", ", known)));
        }
        UmadPort port = target.get();
        // A socket address in use by a live client cannot be bound by a new one: whoever had it is gone.
        for (UmadSession old : sessions.usingAddresses(from, from.hostAddress(), dataPort)) {
            sessions.close(old, UmadCounter.SESSIONS_REPLACED);
        }
        if (info.wantsSm() && sessions.smHeldByOther(port, null)) {
            // ibsim sim_ctl_new_client: "SM already exists"
            return refuse(
                    ctl,
                    from,
                    SimReject.SM_ALREADY_EXISTS,
                    "an SM is already attached at " + port.nodeName() + " port " + port.portNumber());
        }
        long now = nanoTime.getAsLong();
        int slot = sessions.freeSlot();
        if (slot < 0 && !reclaimAfter.isZero()) {
            Optional<UmadSession> oldest = sessions.longestSilent();
            if (oldest.isPresent() && now - oldest.get().lastHeardNanos >= reclaimAfter.toNanos()) {
                sessions.close(oldest.get(), UmadCounter.SESSIONS_RECLAIMED);
                slot = sessions.freeSlot();
            }
        }
        if (slot < 0) {
            return refuse(ctl, from, SimReject.NO_FREE_SLOT, "all " + sessions.capacity() + " client slots are in use");
        }
        UmadSession session =
                new UmadSession(slot, from, from.hostAddress(), dataPort, port, info.qp(), info.wantsSm(), now);
        sessions.open(session);
        LOG.info(
                "umad {} attached ({})",
                session,
                info.nodeId().isEmpty() ? "no SIM_HOST: the default port" : "SIM_HOST '" + info.nodeId() + "'");
        SimClientInfo attached = new SimClientInfo(slot, info.qp(), info.isSm(), SimClientInfo.fit(port.nodeName()));
        return reply(ctl.withData(attached.encode()));
    }

    private Future<byte[]> setIsSm(SimCtl ctl, UmadSession s) {
        if (Integer.compareUnsigned(ctl.len(), SimIsSm.SIZE) < 0) {
            return error(ctl, SimReject.BAD_LENGTH);
        }
        boolean isSm = SimIsSm.decode(ctl.data()).isSm();
        if (isSm && sessions.smHeldByOther(s.port, s)) {
            return error(ctl, SimReject.SM_ALREADY_EXISTS); // one SM per port, as the kernel's issm device allows
        }
        sessions.setSm(s, isSm);
        return reply(ctl);
    }

    /** GET_PORTINFO: port 0, or a number the node does not have, means the client's own port (ibsim). */
    private static Future<byte[]> portInfo(UmadPort port, int requested) {
        return port.nodeInfo()
                .compose(ni -> {
                    int numPorts = ni[3] & 0xFF;
                    int which = requested == 0 || requested > numPorts ? port.portNumber() : requested;
                    return port.portInfo(which);
                })
                .map(SimAttributeData::reply);
    }

    private Future<byte[]> answer(SimCtl ctl, Supplier<Future<byte[]>> query) {
        Future<byte[]> data;
        try {
            data = query.get();
        } catch (RuntimeException e) {
            FaultLog.shared().caught("UmadPort.query", e);
            data = Future.failedFuture(e); // a port that throws instead of failing its future changes nothing here
        }
        return data.transform(ar -> ar.succeeded() && ar.result() != null
                ? reply(ctl.withData(ar.result()))
                : error(ctl, SimReject.PORT_FAILED));
    }

    private static Future<byte[]> reply(SimCtl ctl) {
        return Future.succeededFuture(ctl.encode());
    }

    /** A CONNECT refused: the client only sees an error ("sim_init: connect failed"), so the log says why. */
    private Future<byte[]> refuse(SimCtl ctl, SocketAddress from, SimReject reason, String why) {
        LOG.info("umad client at {} refused: {}", from, why);
        return error(ctl, reason);
    }

    /** The error reply for a request that could be read but not served. */
    Future<byte[]> error(SimCtl ctl, SimReject reason) {
        LOG.debug("umad control request type {} refused: {}", ctl.type(), reason);
        counters.reject(UmadCounter.CONTROL_ERRORS, reason);
        return Future.succeededFuture(ctl.error().encode());
    }
}
