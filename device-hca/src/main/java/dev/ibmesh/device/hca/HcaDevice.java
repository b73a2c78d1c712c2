package dev.ibmesh.device.hca;

import dev.ibmesh.device.hca.grpc.VerbsErrorLog;
import dev.ibmesh.device.hca.grpc.VerbsRouter;
import dev.ibmesh.device.hca.grpc.VerbsService;
import dev.ibmesh.device.hca.mgmt.Smi;
import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.HcaPorts;
import dev.ibmesh.device.hca.transport.HcaTransport;
import dev.ibmesh.device.hca.verbs.HcaLimits;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.Gsi;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.gsi.Qp1KeyCheck;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.runtime.pma.PmaNode;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.TrapNotices;
import dev.ibmesh.runtime.sma.TrapSender;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import io.grpc.BindableService;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A channel adapter with 1 or 2 ports (each an end port with its own GUID, LID and P_Key table). QP0 of each port
 * is the {@link Smi} (SMPs to the common SMA or to host software), QP1 the {@link Gsi} (GMPs to the PMA or to host
 * software). Host software - an SM, a tester, a libibumad program through the umad endpoint - attaches to a port
 * with {@link #attach} and sends with {@link #send}.
 *
 * <p>A GMP whose P_Key the port's table does not hold is dropped and counted in PortInfo.P_KeyViolations (IBA
 * 10.9.3: P_Key check of received packets); one to QP1 with a Q_Key other than 0x80010000 in Q_KeyViolations
 * (QP1's well-known Q_Key); the transports report the same violations of data QPs. Each raises trap 257 or 258 to
 * the master SM, repeated until the SM's TrapRepress.
 *
 * <p>Threading: everything runs on the device's event loop; host software calls in through {@link #loop()}.
 */
public class HcaDevice extends Device implements PmaNode {
    private HcaSmaNode node;
    private Sma sma;
    private MadAgents agents;
    private Smi smi;
    private Gsi gsi;
    private HcaTransport transport;
    private QpMetrics qpMetrics;
    private TrapSender[] traps;
    private final TrapNotices notices = new TrapNotices(NodeInfo.NODE_TYPE_CA);

    public HcaDevice(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        super(config, transport, registry);
        int n = config.ports().size();
        if (n < 1 || n > 2) {
            throw new IllegalArgumentException(config.name() + ": an HCA has 1 or 2 ports, not " + n);
        }
    }

    @Override
    public Future<?> start() throws Exception {
        Future<?> started = super.start();
        Set<HcaDeviation> deviations = HcaDeviation.of(config.deviations());
        for (Port p : ports()) {
            p.receivePolicy().depart(HcaDeviation.receiveDepartures(deviations));
        }
        node = new HcaSmaNode(config, this);
        agents = new MadAgents();
        sma = new Sma(node, scheduler()::nanoTime, HcaDeviation.smaOptions(deviations));
        smi = new Smi(sma, agents, new SmpWire());
        traps = new TrapSender[config.ports().size() + 1];
        for (Port p : ports()) {
            int number = p.number();
            traps[number] = new TrapSender(
                    name() + "/" + number,
                    scheduler(),
                    trap -> smi.sendTrap(number, node.stored(number).masterSmLid(), trap));
        }
        gsi = new Gsi(new Pma(this), agents, new GmpWire());
        transport = new HcaTransport(
                name(),
                new DataPorts(),
                config.nodeGuid(),
                scheduler(),
                deviations,
                HcaLimits.DEFAULT,
                QpEngines::create);
        qpMetrics = new QpMetrics(registry(), name(), transport);
        qpMetrics.start();
        boundMeters(HcaDropMetrics.bind(registry(), this));
        return started;
    }

    @Override
    public Future<?> stop() {
        if (qpMetrics != null) {
            qpMetrics.stop();
        }
        return super.stop();
    }

    /**
     * The verbs gRPC service, next to the links on the device's own server and event loop: the header {@link
     * VerbsRouter#DEVICE} is optional here, and when present must name this HCA.
     */
    @Override
    protected List<BindableService> services() {
        return List.of(new VerbsRouter(Map.of(name(), new VerbsRouter.Route(verbsService(), Runnable::run))));
    }

    /**
     * This HCA's verbs gRPC service, its refused calls logged under the HCA's name; every call must run on the
     * device's event loop ({@link #loop()}). For a server that serves several HCAs (see {@link VerbsRouter}).
     */
    public BindableService verbsService() {
        return VerbsErrorLog.around(new VerbsService(new HcaVerbsHost(this)), name());
    }

    /**
     * Attaches host software to {@code port}: it gets the responses to the MADs it sends and the unsolicited MADs
     * (requests, traps) of the given classes. Event loop only.
     */
    public MadAgents.Agent attach(int port, List<Integer> unsolicitedClasses, Consumer<HostMad> sink) {
        if (port(port) == null) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
        return agents.register(port, unsolicitedClasses, sink);
    }

    /**
     * Host software sends a MAD from its port: an SMP through QP0, any other class through QP1. Returns false when
     * it could not leave the port (dropped by the directed-route rules, no VL for its SL, a full queue).
     */
    public boolean send(MadAgents.Agent agent, HostMad mad) {
        return mad.isSmp() ? smi.send(agent, mad) : gsi.send(agent, mad);
    }

    /**
     * A SubnGet of this node's own SMA as the port's host software sees it (with the port's M_Key, so protection
     * does not hide anything from the local host): the attribute data, 64 bytes.
     */
    public byte[] localGet(int port, int attributeId, int attributeModifier) {
        Mad get = Smp.of(
                        MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 0, attributeId, attributeModifier),
                        node.portInfo(port).mKey(),
                        new byte[0])
                .encode();
        return Smp.decode(sma.handle(get, port).orElseThrow()).data();
    }

    /** Host software says whether an SM runs on {@code port} (PortInfo.CapabilityMask.IsSM). */
    public void smPresent(int port, boolean present) {
        int before = node.portInfo(port).capabilityMask();
        node.smPresent(port, present);
        PortInfo after = node.portInfo(port);
        if (after.capabilityMask() != before) {
            // Trap 144: the CapabilityMask changed (IBA 14.3.11; the notice carries the new mask, no change flag)
            traps[port].raise(notices.localChanges(after, 0), after);
        }
    }

    /** The port's LID (0 before the SM assigns one). */
    @Override
    public int lid(int port) {
        return node.lid(port);
    }

    /** The port's GUID. */
    public long portGuid(int port) {
        return node.portGuid(port);
    }

    /** The verbs of this HCA: what an application (or the verbs gRPC service) drives it with. Event loop only. */
    public Verbs verbs() {
        return transport.verbs();
    }

    /** The transport engines, for per-QP counters. Event loop only. */
    public HcaTransport transport() {
        return transport;
    }

    /** What the HCA dropped for {@code reason} (see {@link HcaDrop}). Any thread, once started. */
    public long drops(HcaDrop reason) {
        return switch (reason) {
            case SMP -> smi.dropped();
            case GMP -> gsi.dropped();
            case UNKNOWN_QP -> transport.unknownQpDrops();
            case MALFORMED -> transport.malformedDrops();
        };
    }

    @Override
    public void onPacket(Port in, byte[] frame) {
        in.release(Lrh.vl(frame, 0), frame.length);
        int port = in.number();
        int slid = Lrh.slid(frame, 0);
        if (SmpPackets.isSmp(frame)) {
            smi.receive(port, slid, SmpPackets.mad(frame));
        } else if (GmpPackets.isGmp(frame)) {
            receiveGmp(port, frame, slid);
        } else {
            transport.receiveInBurst(port, frame);
        }
    }

    @Override
    public void onTransmitSpace(Port port) {
        transport.onTransmitSpace(port.number());
    }

    @Override
    public void onFramesDelivered(Port port) {
        transport.framesDelivered();
    }

    /**
     * A port that left Active discards what waits to leave through it (the Outbox), as a link that went down loses
     * it, so an RC requester's ACK timer runs out over a link that stays down instead of waiting for it.
     */
    @Override
    public void onStateChange(Port port) {
        if (transport != null && port.portState() != PortInfo.PORT_STATE_ACTIVE) { // null: ports start before it
            transport.onTransmitSpace(port.number());
        }
    }

    private void receiveGmp(int port, byte[] frame, int slid) {
        Qp1Verdict verdict = Qp1KeyCheck.check(frame, node.pKeyTable(port, 0).pKeys());
        if (!verdict.accepted()) {
            keyViolation(port, verdict);
            return;
        }
        gsi.receive(
                port,
                new HostMad(
                        slid,
                        Lrh.sl(frame, 0),
                        GmpPackets.srcQp(frame),
                        Deth.GSI_Q_KEY,
                        verdict.pKeyIndex(),
                        GmpPackets.mad(frame)));
    }

    /**
     * A packet rejected for its P_Key or Q_Key, at QP1 or a data QP: PortInfo.P_KeyViolations or Q_KeyViolations
     * counts it, and trap 257 or 258 goes to the master SM (IBA 14.2.5.6, 14.3.11).
     */
    private void keyViolation(int port, Qp1Verdict verdict) {
        node.countKeyViolation(port, verdict.kind() == Qp1Verdict.Kind.BAD_P_KEY);
        PortInfo info = node.portInfo(port);
        traps[port].raise(notices.badKey(info.lid(), verdict), info);
    }

    /** Trap 256 to the master SM: the SMA refused an SMP that arrived on {@code port} for its M_Key (IBA 14.3.9). */
    void badMKey(int port, Mad refused) {
        PortInfo info = node.portInfo(port);
        traps[port].raise(notices.badMKey(info.lid(), refused), info);
    }

    @Override
    public int numPorts() {
        return portCount();
    }

    @Override
    public boolean isSwitch() {
        return false;
    }

    @Override
    public PortCounterSet counters(int port) {
        return port(port).counters();
    }

    /** What the transports see of the ports: addresses, P_Keys, SL-to-VL, and the way out. */
    private final class DataPorts implements HcaPorts {
        @Override
        public int portCount() {
            return HcaDevice.this.portCount();
        }

        @Override
        public int lid(int port) {
            return node.lid(port);
        }

        @Override
        public int lmc(int port) {
            return node.lmc(port);
        }

        @Override
        public boolean isActive(int port) {
            return port(port).portState() == PortInfo.PORT_STATE_ACTIVE;
        }

        /** The active MTU: the NeighborMTU the SM set, never above the port's MTUCap. */
        @Override
        public Mtu mtu(int port) {
            int neighborMtu = node.stored(port).neighborMtu();
            return Mtu.ofCode(Math.max(
                    1, Math.min(neighborMtu, port(port).config().mtuCap().code())));
        }

        @Override
        public int pkeyTableSize(int port) {
            return HcaSmaNode.PARTITION_CAP;
        }

        @Override
        public int pkey(int port, int index) {
            return node.pKey(port, index);
        }

        @Override
        public int vl(int port, int sl) {
            return node.vl(port, sl);
        }

        /** GID index 0 only: the subnet prefix and the port GUID (GUIDCap is 1). */
        @Override
        public Gid gid(int port, int index) {
            return index == 0 ? new Gid(node.stored(port).gidPrefix(), node.portGuid(port)) : null;
        }

        @Override
        public boolean transmit(int port, byte[] frame) {
            // The transport's frames are sealed as they are written (FrameWriter), and nothing writes to them after.
            return port(port).transmitSealed(frame);
        }

        @Override
        public void unmappedSl(int port) {
            port(port).discardUnmappedSl();
        }

        @Override
        public void pKeyViolation(int port, byte[] frame) {
            keyViolation(port, Qp1KeyCheck.describe(frame, Qp1Verdict.Kind.BAD_P_KEY));
        }

        @Override
        public void qKeyViolation(int port, byte[] frame) {
            keyViolation(port, Qp1KeyCheck.describe(frame, Qp1Verdict.Kind.BAD_Q_KEY));
        }
    }

    /** SMPs leave on VL15 from the port's LID (or the permissive LID on a directed route). */
    private final class SmpWire implements Smi.Wire {
        @Override
        public int lid(int port) {
            return node.lid(port);
        }

        @Override
        public int numPorts() {
            return portCount();
        }

        @Override
        public boolean isSm(int port) {
            return node.stored(port).hasCapability(PortInfo.CAP_IS_SM);
        }

        @Override
        public boolean transmit(int port, int dlid, int slid, Mad mad) {
            return port(port).transmit(SmpPackets.frame(dlid, slid, mad));
        }

        @Override
        public boolean trapRepressed(int port, Mad repress) {
            return traps[port].onTrapRepress(repress);
        }
    }

    /** GMPs leave from QP1 on the VL the port's SL-to-VL table gives their SL, with the P_Key of their index. */
    private final class GmpWire implements Gsi.Wire {
        @Override
        public int lid(int port) {
            return node.lid(port);
        }

        @Override
        public boolean transmit(int port, HostMad out) {
            int vl = node.vl(port, out.sl());
            int pKey = node.pKey(port, out.pKeyIndex());
            if (vl == SlToVl.DROP || pKey == PKeyTable.INVALID) {
                return false;
            }
            return port(port).transmit(out.gmpFrame(vl, node.lid(port), pKey));
        }
    }
}
