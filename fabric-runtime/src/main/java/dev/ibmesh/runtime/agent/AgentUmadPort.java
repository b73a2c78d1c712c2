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
import java.util.stream.IntStream;

/**
 * A device port whose host software is a {@link MadAgents} agent, offered to the umad endpoint: the queries read the
 * port through the node's own SMA, MADs leave as real packets, and the MADs that arrive for host software go to the
 * server's sink. The wire format of ibsim's data message has no SL, P_Key index or Q_Key: MADs leave on SL 0 with the
 * P_Key at index 0 and, to QP1, the well-known Q_Key (IBA 13.5.1).
 *
 * <p>Threading: the server calls in on its own context; everything that touches the device hops to its loop through
 * {@link Device#call}.
 */
public final class AgentUmadPort implements UmadPort {
    /** Host software sees every class: the SMA and PMA take what is theirs first. */
    private static final List<Integer> EVERY_CLASS =
            IntStream.range(0, 256).boxed().toList();

    private final HostSoftwarePort port;
    private MadAgents.Agent agent;

    public AgentUmadPort(HostSoftwarePort port) {
        this.port = port;
    }

    @Override
    public String nodeName() {
        return port.nodeName();
    }

    @Override
    public long nodeGuid() {
        return port.nodeGuid();
    }

    @Override
    public long portGuid() {
        return port.portGuid();
    }

    @Override
    public int portNumber() {
        return port.portNumber();
    }

    @Override
    public Future<byte[]> nodeInfo() {
        return port.device().call(() -> Arrays.copyOf(port.localGet(NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.SIZE));
    }

    @Override
    public Future<byte[]> portInfo(int number) {
        return port.device().call(() -> port.localGet(PortInfo.ATTRIBUTE_ID, number));
    }

    @Override
    public Future<byte[]> pKeyTable() {
        return port.device().call(() -> port.localGet(PKeyTable.ATTRIBUTE_ID, 0));
    }

    @Override
    public Future<Void> setIsSm(boolean isSm) {
        return port.device().run(() -> port.smPresent(isSm));
    }

    @Override
    public Future<Void> send(UmadMad mad) {
        return port.device().run(() -> {
            int qKey = mad.dqp() == 0 ? 0 : Deth.GSI_Q_KEY;
            if (agent == null || !port.transmit(agent, new HostMad(mad.dlid(), 0, mad.dqp(), qKey, 0, mad.mad()))) {
                throw new IllegalStateException(
                        nodeName() + "/" + portNumber() + " could not send the MAD (no route, or the port is down)");
            }
        });
    }

    @Override
    public void attach(UmadSink sink) {
        port.device().run(() -> {
            closeAgent();
            agent = port.register(
                    EVERY_CLASS,
                    in -> sink.receive(
                            new UmadMad(port.lid(), in.remoteLid(), in.isSmp() ? 0 : 1, in.remoteQp(), 0, in.mad())));
        });
    }

    @Override
    public void detach() {
        port.device().run(this::closeAgent);
    }

    private void closeAgent() {
        if (agent != null) {
            agent.close();
            agent = null;
        }
    }
}
