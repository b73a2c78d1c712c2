package dev.ibmesh.device.hca;

import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.umad.UmadMad;
import dev.ibmesh.runtime.umad.UmadPort;
import dev.ibmesh.runtime.umad.UmadSink;
import dev.ibmesh.wire.Deth;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * One HCA port as the umad endpoint offers it to host software (OpenSM, infiniband-diags under ibsim-run): the
 * queries read the port through the HCA's own SMA, MADs leave through QP0/QP1 as real packets, and the MADs that
 * arrive for host software - responses, traps, SMInfo when an SM runs here, SA and other GMP requests - go to the
 * server's sink. The wire format of ibsim's data message has no SL, P_Key index or Q_Key: MADs leave on SL 0
 * with the P_Key at index 0 and, to QP1, the well-known Q_Key.
 *
 * <p>Threading: the server calls in on its own context; everything that touches the HCA hops to its event loop.
 */
public final class HcaUmadPort implements UmadPort {
    /** Host software sees every class: the SMA and PMA take what is theirs first. */
    private static final List<Integer> EVERY_CLASS = IntStream.range(0, 256).boxed().toList();

    private final HcaDevice device;
    private final int port;
    private MadAgents.Agent agent;

    public HcaUmadPort(HcaDevice device, int port) {
        if (device.deviceConfig().ports().stream().noneMatch(p -> p.number() == port)) {
            throw new IllegalArgumentException(device.name() + " has no port " + port);
        }
        this.device = device;
        this.port = port;
    }

    /** The host-facing ports of an HCA, port 1 first. */
    public static List<UmadPort> of(HcaDevice device) {
        return device.deviceConfig().ports().stream().map(p -> (UmadPort) new HcaUmadPort(device, p.number()))
                .toList();
    }

    @Override
    public String nodeName() {
        return device.name();
    }

    @Override
    public long nodeGuid() {
        return device.deviceConfig().nodeGuid();
    }

    @Override
    public long portGuid() {
        return device.deviceConfig().portGuid(port);
    }

    @Override
    public int portNumber() {
        return port;
    }

    @Override
    public Future<byte[]> nodeInfo() {
        return onLoop(() -> Arrays.copyOf(device.localGet(port, NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.SIZE));
    }

    @Override
    public Future<byte[]> portInfo(int number) {
        return onLoop(() -> device.localGet(port, PortInfo.ATTRIBUTE_ID, number));
    }

    @Override
    public Future<byte[]> pKeyTable() {
        return onLoop(() -> device.localGet(port, PKeyTable.ATTRIBUTE_ID, 0));
    }

    @Override
    public Future<Void> setIsSm(boolean isSm) {
        return onLoop(() -> {
            device.smPresent(port, isSm);
            return null;
        });
    }

    @Override
    public Future<Void> send(UmadMad mad) {
        Promise<Void> done = Promise.promise();
        device.loop().execute(() -> {
            int qKey = mad.dqp() == 0 ? 0 : Deth.GSI_Q_KEY;
            boolean left = agent != null
                    && device.send(agent, new HostMad(mad.dlid(), 0, mad.dqp(), qKey, 0, mad.mad()));
            if (left) {
                done.complete();
            } else {
                done.fail(device.name() + "/" + port + " could not send the MAD (no route, or the port is down)");
            }
        });
        return done.future();
    }

    @Override
    public void attach(UmadSink sink) {
        device.loop().execute(() -> {
            if (agent != null) {
                agent.close();
            }
            agent = device.attach(port, EVERY_CLASS, in -> sink.receive(new UmadMad(device.lid(port),
                    in.remoteLid(), in.isSmp() ? 0 : 1, in.remoteQp(), 0, in.mad())));
        });
    }

    @Override
    public void detach() {
        device.loop().execute(() -> {
            if (agent != null) {
                agent.close();
                agent = null;
            }
        });
    }

    private <T> Future<T> onLoop(Supplier<T> work) {
        Promise<T> result = Promise.promise();
        device.loop().execute(() -> {
            try {
                result.complete(work.get());
            } catch (RuntimeException e) {
                result.fail(e);
            }
        });
        return result.future();
    }
}
