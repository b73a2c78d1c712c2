package dev.ibmesh.runtime.agent;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.umad.UmadMad;
import dev.ibmesh.runtime.umad.UmadPort;
import dev.ibmesh.runtime.umad.UmadSink;
import dev.ibmesh.wire.Deth;
import io.vertx.core.Future;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * A device port whose host software is a {@link MadAgents} agent, offered to the umad endpoint: the queries read the
 * port through the node's own SMA, MADs leave as real packets, and the MADs that arrive for host software go to the
 * server's sink. The wire format of ibsim's data message has no SL, P_Key index or Q_Key: MADs leave on SL 0 with the
 * P_Key at index 0 and, to QP1, the well-known Q_Key (IBA 13.5.1). A subclass gives the port's identity and the
 * device's hooks; every hook runs on the device's event loop.
 *
 * <p>Threading: the server calls in on its own context; everything that touches the device hops to its loop through
 * {@link Device#call}.
 */
public abstract class AgentUmadPort implements UmadPort {
    /** Host software sees every class: the SMA and PMA take what is theirs first. */
    private static final List<Integer> EVERY_CLASS =
            IntStream.range(0, 256).boxed().toList();

    private final String nodeName;
    private final long nodeGuid;
    private final long portGuid;
    private final int portNumber;
    private MadAgents.Agent agent;

    /** The port's identity, fixed for its life (the server may read it on its own context). */
    protected AgentUmadPort(String nodeName, long nodeGuid, long portGuid, int portNumber) {
        this.nodeName = nodeName;
        this.nodeGuid = nodeGuid;
        this.portGuid = portGuid;
        this.portNumber = portNumber;
    }

    @Override
    public final String nodeName() {
        return nodeName;
    }

    @Override
    public final long nodeGuid() {
        return nodeGuid;
    }

    @Override
    public final long portGuid() {
        return portGuid;
    }

    @Override
    public final int portNumber() {
        return portNumber;
    }

    /** The device the port belongs to. */
    protected abstract Device device();

    /** The port's LID (0 before the SM assigns one). */
    protected abstract int lid();

    /** Registers host software on the port for responses and the unsolicited MADs of {@code classes}. */
    protected abstract MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink);

    /** Sends a MAD from the port's host software; false when it could not leave. */
    protected abstract boolean transmit(MadAgents.Agent from, HostMad mad);

    /** The node's SMA answers a SubnGet from this port with the port's own M_Key: the attribute data. */
    protected abstract byte[] localGet(int attributeId, int attributeModifier);

    /** Sets or clears PortInfo.CapabilityMask.IsSM of the port. */
    protected abstract void smPresent(boolean present);

    @Override
    public Future<byte[]> nodeInfo() {
        return device().call(() -> Arrays.copyOf(localGet(NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.SIZE));
    }

    @Override
    public Future<byte[]> portInfo(int number) {
        return device().call(() -> localGet(PortInfo.ATTRIBUTE_ID, number));
    }

    @Override
    public Future<byte[]> pKeyTable() {
        return device().call(() -> localGet(PKeyTable.ATTRIBUTE_ID, 0));
    }

    @Override
    public Future<Void> setIsSm(boolean isSm) {
        return device().run(() -> smPresent(isSm));
    }

    @Override
    public Future<Void> send(UmadMad mad) {
        return device().run(() -> {
            int qKey = mad.dqp() == 0 ? 0 : Deth.GSI_Q_KEY;
            if (agent == null || !transmit(agent, new HostMad(mad.dlid(), 0, mad.dqp(), qKey, 0, mad.mad()))) {
                throw new IllegalStateException(
                        nodeName() + "/" + portNumber() + " could not send the MAD (no route, or the port is down)");
            }
        });
    }

    @Override
    public void attach(UmadSink sink) {
        device().run(() -> {
            closeAgent();
            agent = register(
                    EVERY_CLASS,
                    in -> sink.receive(
                            new UmadMad(lid(), in.remoteLid(), in.isSmp() ? 0 : 1, in.remoteQp(), 0, in.mad())));
        });
    }

    @Override
    public void detach() {
        device().run(this::closeAgent);
    }

    private void closeAgent() {
        if (agent != null) {
            agent.close();
            agent = null;
        }
    }
}
