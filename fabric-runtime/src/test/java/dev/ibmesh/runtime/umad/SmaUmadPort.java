package dev.ibmesh.runtime.umad;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.runtime.pma.PmaNode;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.SmaNode;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A one-port CA for the endpoint's tests: the SMA's test node ({@code FakeSmaNode.channelAdapter()}) behind the real
 * common {@link Sma}. The SMPs host software sends are answered locally, as a CA's own SMA would answer an SMP its
 * port sends to itself: a directed route of hop count 0, or LID-routed to its own LID (with LMC); PerfMgt GMPs to
 * its own LID on QP1 go to the common {@link Pma}. MADs to {@link #SILENT_LID} are taken and never answered. Anything
 * else "cannot be sent" (the future fails). Thread-safe enough for tests: it answers on the calling thread.
 */
class SmaUmadPort implements UmadPort {
    static final String NAME = "fake-ca";
    /** MADs to this LID are taken and never answered: a client waiting on one stays attached until it times out. */
    static final int SILENT_LID = 0x99;
    /** The Q_Key of QP1 (IBA 13.5.1). */
    static final int QP1 = 1;

    final SmaNode node;
    final Sma sma;
    final PortCounterSet counters = new PortCounterSet();
    final Pma pma;
    final List<UmadMad> sent = new CopyOnWriteArrayList<>();
    final List<Boolean> isSmCalls = new CopyOnWriteArrayList<>();
    final AtomicInteger attaches = new AtomicInteger();
    final AtomicInteger detaches = new AtomicInteger();
    volatile UmadSink sink;
    private final String name;

    SmaUmadPort() {
        this(NAME);
    }

    SmaUmadPort(String name) {
        this.name = name;
        this.node = fakeCa();
        this.sma = new Sma(node);
        this.pma = new Pma(new PmaNode() {
            @Override
            public int numPorts() {
                return 1;
            }

            @Override
            public boolean isSwitch() {
                return false;
            }

            @Override
            public PortCounterSet counters(int p) {
                return counters;
            }
        });
    }

    /** The SMA tests' node; package-private there, so it is reached reflectively from this package. */
    private static SmaNode fakeCa() {
        try {
            Class<?> c = Class.forName("dev.ibmesh.runtime.sma.FakeSmaNode");
            java.lang.reflect.Method m = c.getDeclaredMethod("channelAdapter");
            m.setAccessible(true);
            return (SmaNode) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the SMA tests' FakeSmaNode is not on the test classpath", e);
        }
    }

    long nodeGuidValue() {
        return node.nodeGuid();
    }

    int lid() {
        return node.portInfo(1).lid();
    }

    @Override
    public String nodeName() {
        return name;
    }

    @Override
    public long nodeGuid() {
        return node.nodeGuid();
    }

    @Override
    public long portGuid() {
        return node.portGuid(1);
    }

    @Override
    public int portNumber() {
        return 1;
    }

    @Override
    public Future<byte[]> nodeInfo() {
        return Future.succeededFuture(smaGet(NodeInfo.ATTRIBUTE_ID, 0));
    }

    @Override
    public Future<byte[]> portInfo(int port) {
        return Future.succeededFuture(smaGet(PortInfo.ATTRIBUTE_ID, port));
    }

    @Override
    public Future<byte[]> pKeyTable() {
        return Future.succeededFuture(smaGet(PKeyTable.ATTRIBUTE_ID, 0));
    }

    @Override
    public Future<Void> setIsSm(boolean isSm) {
        isSmCalls.add(isSm);
        PortInfo pi = node.portInfo(1);
        int cap = isSm ? pi.capabilityMask() | PortInfo.CAP_IS_SM : pi.capabilityMask() & ~PortInfo.CAP_IS_SM;
        node.applyPortInfo(1, pi.toBuilder().capabilityMask(cap).build(), List.of());
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> send(UmadMad mad) {
        sent.add(mad);
        MgmtClass mgmtClass = mad.mad().mgmtClass();
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE && mad.dqp() == 0) {
            return directed(mad);
        }
        if (mad.dlid() == SILENT_LID) {
            return Future.succeededFuture();
        }
        if (mgmtClass == MgmtClass.PERF_MGT && mad.dqp() == QP1 && isOwnLid(mad.dlid())) {
            Optional<Mad> answer = pma.handle(mad.mad());
            answer.ifPresent(
                    a -> deliver(new UmadMad(mad.slid() == 0 ? lid() : mad.slid(), lid(), mad.sqp(), QP1, 0, a)));
            return Future.succeededFuture();
        }
        if (mgmtClass == MgmtClass.SUBN_LID_ROUTED && mad.dqp() == 0 && isOwnLid(mad.dlid())) {
            Optional<Mad> answer = sma.handle(mad.mad(), 1);
            answer.ifPresent(
                    a -> deliver(new UmadMad(mad.slid() == 0 ? lid() : mad.slid(), lid(), mad.sqp(), 0, 0, a)));
            return Future.succeededFuture();
        }
        return Future.failedFuture("no route to LID " + mad.dlid() + " QP " + mad.dqp());
    }

    private Future<Void> directed(UmadMad mad) {
        DrNode self = DrNode.channelAdapter(node.numPorts(), lid());
        DrDecision out = DirectedRoute.send(DrSmp.decode(mad.mad()), self);
        if (!(out instanceof DrDecision.Deliver)) {
            return Future.failedFuture("a CA answers only hop count 0 to itself: " + out);
        }
        Optional<Mad> answer = sma.handle(((DrDecision.Deliver) out).smp().encode(), 1);
        if (answer.isPresent()) {
            DrDecision back = DirectedRoute.send(DrSmp.decode(answer.get()), self);
            if (back instanceof DrDecision.Deliver) {
                deliver(new UmadMad(
                        0xFFFF,
                        0xFFFF,
                        mad.sqp(),
                        0,
                        0,
                        ((DrDecision.Deliver) back).smp().encode()));
            }
        }
        return Future.succeededFuture();
    }

    private boolean isOwnLid(int dlid) {
        PortInfo pi = node.portInfo(1);
        return dlid >>> pi.lmc() == pi.lid() >>> pi.lmc();
    }

    /** Hands a MAD to host software, as the device would on arrival. */
    void deliver(UmadMad mad) {
        UmadSink s = sink;
        if (s != null) {
            s.receive(mad);
        }
    }

    private byte[] smaGet(int attributeId, int modifier) {
        MadHeader h = new MadHeader(
                MadHeader.BASE_VERSION, MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 0, 0, 1, attributeId, 0, modifier);
        Mad response =
                sma.handle(Smp.of(h, 0, new byte[Smp.DATA_SIZE]).encode(), 1).orElseThrow();
        Smp smp = Smp.decode(response);
        if (smp.header().status() != 0) {
            throw new IllegalArgumentException(String.format(
                    "SMA status 0x%04X for attribute 0x%04X mod %d",
                    smp.header().status(), attributeId, modifier));
        }
        return smp.data();
    }

    @Override
    public void attach(UmadSink s) {
        attaches.incrementAndGet();
        sink = s;
    }

    @Override
    public void detach() {
        detaches.incrementAndGet();
        sink = null;
    }
}
