package dev.ibmesh.device.hca.grpc;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.mgmt.HostMad;
import dev.ibmesh.device.hca.mgmt.MadAgents;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.ArrayList;
import java.util.List;

/** The directed-route SMPs an SM sends to bring a small fabric up, from host software on port 1 of one HCA. */
final class DrSm {
    private final HcaDevice host;
    private final MadAgents.Agent agent;
    private final List<HostMad> answers = new ArrayList<>();
    private final int smLid;
    private long tid = 0x6000;

    DrSm(HcaDevice host, int smLid) {
        this.host = host;
        this.smLid = smLid;
        this.agent = onLoop(host, () -> host.attach(1, List.of(), answers::add));
    }

    byte[] get(int attributeId, int modifier, int... path) {
        return call(Method.GET, attributeId, modifier, new byte[0], path);
    }

    void set(int attributeId, int modifier, byte[] data, int... path) {
        call(Method.SET, attributeId, modifier, data, path);
    }

    /** Gives an end port (a CA port, or switch port 0) its LID, with this SM as master. */
    void assignLid(int lid, int... path) {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, 0, path), 0);
        set(PortInfo.ATTRIBUTE_ID, 0, now.toBuilder().lid(lid).masterSmLid(smLid).portState(0).portPhysicalState(0)
                .build().toBytes(), path);
    }

    void portState(int state, int modifier, int... path) {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, modifier, path), 0);
        set(PortInfo.ATTRIBUTE_ID, modifier, now.toBuilder().portState(state).portPhysicalState(0).build().toBytes(),
                path);
    }

    private byte[] call(int method, int attributeId, int modifier, byte[] data, int... path) {
        long id = tid++;
        DrSmp request = DrSmp.outbound(method, id, attributeId, modifier, 0, data, path);
        onLoop(host, () -> host.send(agent, HostMad.smp(0xFFFF, request.encode())));
        await("SMP " + id, 10_000, () -> onLoop(host, () -> answers.stream()
                .anyMatch(m -> m.mad().header().transactionId() == id)));
        DrSmp answer = DrSmp.decode(onLoop(host, () -> answers.stream()
                .filter(m -> m.mad().header().transactionId() == id).findFirst().orElseThrow()).mad());
        assertEquals(0, answer.status(), "status of attribute 0x" + Integer.toHexString(attributeId));
        return answer.data();
    }
}
