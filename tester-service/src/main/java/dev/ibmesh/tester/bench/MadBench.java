package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadWatcher;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.trace.Direction;
import io.grpc.Channel;
import java.time.Duration;
import java.util.Optional;

/**
 * A bench on a MAD-only backend (the OpenFabrics simulator, libibumad on real hardware): the tester's {@link MadPort}
 * and the link {@link LinkSetup} found or configured. There are no raw frames and no verbs of the DUT, so procedures
 * of the Transport Tester and the packet generator are NOT_APPLICABLE here.
 *
 * <p>The backend shows MADs, not packets. So that a run still leaves a trace for Wireshark, every MAD sent and
 * received is recorded as the packet that would carry it: an SMP on VL15, a GMP on VL0 with the default P_Key,
 * between the tester's LID and the MAD's remote LID. Those frames are rebuilt here (LRH, BTH, DETH, CRCs); what the
 * wire really carried may differ below the MAD (the SL, the VL, the P_Key).
 */
public final class MadBench extends LinkedBench {
    private static final int DEFAULT_P_KEY = 0xFFFF;

    private final MadPort.Subscription recording;

    private MadBench(String description, String dutName, MadPort madPort, SimpleLinkView link, Trace trace) {
        super(description, dutName, madPort, link, trace);
        this.recording = madPort.watch(new Recorder(trace, link.testerLid()));
    }

    /**
     * A bench on {@code madPort}: the link to the DUT brought up by {@link LinkSetup} if no SM did. The bench owns
     * the port and closes it.
     *
     * @param path the route to the DUT; empty: the SimpleLink, the DUT at the other end of the tester's link
     * @throws BenchException when the link cannot be read or configured
     */
    public static MadBench open(
            MadPort madPort, Optional<DutPath> path, String description, Trace trace, Duration ready) {
        try {
            SmpClient smp = new SmpClient(madPort, ready);
            int testerPort = madPort.identity().portNumber();
            SimpleLinkView link = new LinkSetup(smp, testerPort, path.orElse(DutPath.direct(testerPort))).bringUp();
            return new MadBench(description, dutName(smp, link), madPort, link, trace);
        } catch (RuntimeException e) {
            madPort.close();
            throw e instanceof BenchException b ? b : new BenchException("setting up the link failed: " + e, e);
        }
    }

    /** A DUT the tester did not start is called by its NodeDescription (IBA 14.2.5.2), or its GUID if that is empty. */
    private static String dutName(SmpClient smp, SimpleLinkView link) {
        String text = NodeDescription.decode(smp.getData(NodeDescription.ATTRIBUTE_ID, 0, link.pathToDut()), 0)
                .text()
                .strip();
        return text.isEmpty() ? String.format("node 0x%016x", link.dut().nodeGuid()) : text;
    }

    @Override
    public Optional<Exerciser> exerciser() {
        return Optional.empty();
    }

    @Override
    public Optional<Channel> dutVerbs() {
        return Optional.empty();
    }

    @Override
    public void close() {
        recording.close();
        madPort().close();
    }

    /** Records each MAD as the packet that would carry it. */
    private record Recorder(Trace trace, int testerLid) implements MadWatcher {
        @Override
        public void sent(HostMad mad) {
            trace.record(Direction.TX, false, frame(mad, mad.remoteLid(), testerLid));
        }

        @Override
        public void received(HostMad mad) {
            trace.record(Direction.RX, false, frame(mad, testerLid, mad.remoteLid()));
        }

        /** A directed-route SMP travels between permissive LIDs (IBA 14.2.2). */
        private static byte[] frame(HostMad mad, int dlid, int slid) {
            if (mad.remoteLid() == DrSmp.PERMISSIVE_LID) {
                return SmpPackets.frame(DrSmp.PERMISSIVE_LID, DrSmp.PERMISSIVE_LID, mad.mad());
            }
            return mad.isSmp()
                    ? SmpPackets.frame(dlid, slid, mad.mad())
                    : GmpPackets.frame(0, mad.sl(), dlid, slid, DEFAULT_P_KEY, mad.remoteQp(), mad.qKey(), mad.mad());
        }
    }
}
