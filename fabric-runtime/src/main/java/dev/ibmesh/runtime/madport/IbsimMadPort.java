package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.umad.SimClient;
import dev.ibmesh.runtime.umad.SimClientException;
import dev.ibmesh.runtime.umad.SimCtlType;
import dev.ibmesh.runtime.umad.SimIsSm;
import dev.ibmesh.runtime.umad.SimRequest;
import dev.ibmesh.runtime.umad.SimServerAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link MadPort}s on a node of a running OpenFabrics simulator (ibsim), attached as libumad2sim attaches a program
 * ({@link SimClient}): ibmesh's tester and SM then drive foreign devices. It works the same against an ibmesh umad
 * endpoint.
 *
 * <p>What the protocol carries and what it does not:
 * <ul>
 *   <li>A data message has a DLID, QPs and the 256-byte MAD; no SL, P_Key index or Q_Key (they are SL 0, P_Key
 *       index 0 and, on QP1, the well-known Q_Key 0x80010000 of IBA 13.5.1). A MAD that asks for others fails with
 *       {@link MadNotCarriedException} instead of going out with the defaults. A directed-route SMP goes with DLID
 *       and SLID 0xFFFF (permissive), a LID-routed one with SLID 0, the port's own LID.</li>
 *   <li>ibsim stamps its client id into TransactionID bits 63..48 of every request (so that the response finds the
 *       client). The port hands out TIDs that carry the id already, so nothing changes; a response to a TID made
 *       elsewhere is matched on bits 47..0.</li>
 *   <li>A request ibsim could not deliver comes back with status ETIMEDOUT; its request fails at once with
 *       {@link MadTimeoutException}, which is what libibumad reports for it.</li>
 * </ul>
 */
public final class IbsimMadPort {
    private static final long LOW_48 = 0x0000_FFFF_FFFF_FFFFL;
    private static final int GSI_Q_KEY = 0x8001_0000;

    private IbsimMadPort() {}

    /**
     * Attaches at {@code server}'s node and asks the node which port the client sits on.
     *
     * @throws SimClientException when the simulator cannot be reached, refuses the node, or does not answer SMPs
     *                            within {@code timeout}
     */
    public static MadPort open(SimServerAddress server, Duration timeout) {
        SimClient client = SimClient.connect(server, false);
        WireMadPort port = new WireMadPort(new IbsimWire(client));
        client.receive(r -> fromServer(port, r));
        try {
            return port.identify(client.nodeName(), timeout);
        } catch (MadSendException e) {
            throw new SimClientException(
                    "attached at " + client.nodeName() + " of ibsim " + server + ", but " + e.getMessage());
        }
    }

    /**
     * What of {@code mad}'s addressing ibsim's protocol cannot carry, if anything: it has no SL, Q_Key or P_Key index
     * (also true below libibumad under libumad2sim).
     */
    static Optional<String> uncarried(HostMad mad) {
        List<String> lost = new ArrayList<>();
        if (mad.sl() != 0) {
            lost.add("SL " + mad.sl());
        }
        if (!mad.isSmp() && mad.qKey() != GSI_Q_KEY) {
            lost.add(String.format("Q_Key 0x%08x", mad.qKey()));
        }
        if (mad.pKeyIndex() != 0) {
            lost.add("P_Key index " + mad.pKeyIndex());
        }
        return lost.isEmpty()
                ? Optional.empty()
                : Optional.of("the ibsim protocol carries no SL, Q_Key or P_Key index: it cannot send a MAD with "
                        + String.join(", ", lost) + " (it sends SL 0, QP1's Q_Key 0x80010000, P_Key index 0)");
    }

    /** A data message from the simulator, on the client's reader thread. */
    private static void fromServer(WireMadPort port, SimRequest r) {
        Mad mad = Mad.copyOf(r.mad());
        if (r.status() != 0 && !mad.header().isResponse()) {
            port.gaveBack(
                    mad.header().transactionId(),
                    "ibsim gave the request back undelivered (status " + r.status()
                            + ", ETIMEDOUT), as it does when it has no answer for it");
            return;
        }
        int qp = r.sqp() & 0xFFFFFF;
        port.received(new HostMad(r.slid(), 0, qp, qp == 0 ? 0 : GSI_Q_KEY, 0, mad));
    }

    private record IbsimWire(SimClient client) implements WireMadPort.Wire {
        @Override
        public String name() {
            return client.toString();
        }

        @Override
        public long firstTid() {
            long start = ThreadLocalRandom.current().nextLong() & 0x0000_7FFF_0000_0000L;
            return ((long) client.clientId() << 48) | start | 1;
        }

        @Override
        public long tidMatchMask() {
            return LOW_48;
        }

        @Override
        public Optional<String> uncarried(HostMad mad) {
            return IbsimMadPort.uncarried(mad);
        }

        @Override
        public void transmit(HostMad mad, Duration timeout) throws IOException {
            boolean directed = mad.remoteLid() == DrSmp.PERMISSIVE_LID && mad.isSmp();
            client.send(new SimRequest(
                    mad.remoteLid(),
                    directed ? DrSmp.PERMISSIVE_LID : 0,
                    mad.remoteQp(),
                    mad.isSmp() ? 0 : 1,
                    0,
                    SimRequest.MAD_SIZE,
                    mad.mad().toBytes()));
        }

        /** ibsim hands every MAD no request is waiting for to the client: nothing to register. */
        @Override
        public void requests(Set<Integer> mgmtClasses) {}

        /** SET_ISSM: the simulator sets or clears CapabilityMask.IsSM of the port. */
        @Override
        public CompletableFuture<Void> announceSm(boolean present) {
            return CompletableFuture.runAsync(
                    () -> client.control(SimCtlType.SET_ISSM, new SimIsSm(present ? 1 : 0).encode(), SimIsSm.SIZE));
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
