package dev.ibmesh.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.mgmt.HostMad;
import dev.ibmesh.device.hca.mgmt.MadAgents;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The directed-route SMPs an SM sends to bring a small fabric up (LIDs, the switch's LFT, Armed then Active), sent by
 * host software on port 1 of one HCA. The answers are collected on the HCA's loop; the bench's main thread waits.
 */
final class BenchSm {
    private final HcaDevice host;
    private final MadAgents.Agent agent;
    private final List<HostMad> answers = new ArrayList<>();
    private final int smLid;
    private long tid = 0x7000;

    BenchSm(HcaDevice host, int smLid) {
        this.host = host;
        this.smLid = smLid;
        this.agent = OnLoop.call(host, () -> host.attach(1, List.of(), answers::add));
    }

    byte[] get(int attributeId, int modifier, int... path) throws InterruptedException {
        return call(Method.GET, attributeId, modifier, new byte[0], path);
    }

    void set(int attributeId, int modifier, byte[] data, int... path) throws InterruptedException {
        call(Method.SET, attributeId, modifier, data, path);
    }

    /** Gives an end port (a CA port, or switch port 0) its LID, with this SM as master. */
    void assignLid(int lid, int... path) throws InterruptedException {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, 0, path), 0);
        set(PortInfo.ATTRIBUTE_ID, 0, now.toBuilder().lid(lid).masterSmLid(smLid).portState(0).portPhysicalState(0)
                .build().toBytes(), path);
    }

    void portState(int state, int modifier, int... path) throws InterruptedException {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, modifier, path), 0);
        set(PortInfo.ATTRIBUTE_ID, modifier, now.toBuilder().portState(state).portPhysicalState(0).build().toBytes(),
                path);
    }

    private byte[] call(int method, int attributeId, int modifier, byte[] data, int... path)
            throws InterruptedException {
        long id = tid++;
        DrSmp request = DrSmp.outbound(method, id, attributeId, modifier, 0, data, path);
        OnLoop.call(host, () -> host.send(agent, HostMad.smp(0xFFFF, request.encode())));
        OnLoop.await("SMP " + id, () -> OnLoop.call(host, () -> answers.stream()
                .anyMatch(m -> m.mad().header().transactionId() == id)));
        DrSmp answer = DrSmp.decode(OnLoop.call(host, () -> answers.stream()
                .filter(m -> m.mad().header().transactionId() == id).findFirst().orElseThrow()).mad());
        if (answer.status() != 0) {
            throw new IllegalStateException(String.format("SMP attribute 0x%x along %s: status 0x%x", attributeId,
                    java.util.Arrays.toString(path), answer.status()));
        }
        return answer.data();
    }
}
