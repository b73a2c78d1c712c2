package dev.ibmesh.device.hca;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The directed-route SMPs a subnet manager sends to bring up the smallest switched fabric - this HCA, a switch on
 * its port 1, a peer HCA on the switch's port 2 - sent by host software on port 1 of the HCA, as OpenSM would:
 * LIDs, the switch's LFT and LinearFDBTop, then every port Armed and Active. For tests and benchmarks that need a
 * configured fabric without running OpenSM (which the interoperability tests do).
 *
 * <p>Threading: call from any thread but the HCA's event loop; each SMP waits for its answer (at most 10 s).
 */
public final class LineSm {
    private static final long ANSWER_SECONDS = 10;

    private final HcaDevice host;
    private final int smLid;
    private final Map<Long, CompletableFuture<DrSmp>> pending = new HashMap<>();
    private final MadAgents.Agent agent;
    private long tid = 0x5000;

    public LineSm(HcaDevice host, int smLid) {
        this.host = host;
        this.smLid = smLid;
        this.agent = onLoop(() -> host.attach(1, List.of(), answer -> {
            CompletableFuture<DrSmp> f = pending.remove(answer.mad().header().transactionId());
            if (f != null) {
                f.complete(DrSmp.decode(answer.mad()));
            }
        }));
    }

    /** LIDs {@code hostLid} (this HCA), {@code switchLid} and {@code peerLid}, routes, then all four ports Active. */
    public void bringUpLine(int hostLid, int switchLid, int peerLid) {
        assignLid(hostLid);
        assignLid(switchLid, 1);
        assignLid(peerLid, 1, 2);
        List<Integer> lft = new ArrayList<>(
                Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, LinearForwardingTable.NO_PATH));
        lft.set(hostLid, 1);
        lft.set(peerLid, 2);
        lft.set(switchLid, 0);
        set(LinearForwardingTable.ATTRIBUTE_ID, 0, new LinearForwardingTable(lft).toBytes(), 1);
        byte[] info = get(SwitchInfo.ATTRIBUTE_ID, 0, 1);
        int top = Math.max(hostLid, Math.max(switchLid, peerLid));
        info[6] = (byte) (top >>> 8);
        info[7] = (byte) top; // LinearFDBTop, bytes 6-7
        set(SwitchInfo.ATTRIBUTE_ID, 0, info, 1);
        for (int state : new int[] {PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE}) {
            portState(state, 0);
            portState(state, 1, 1);
            portState(state, 2, 1);
            portState(state, 0, 1, 2);
        }
    }

    /** SubnGet along {@code path}: the attribute data of the answer. */
    public byte[] get(int attributeId, int modifier, int... path) {
        return call(Method.GET, attributeId, modifier, new byte[0], path);
    }

    /** SubnSet along {@code path}; an answer with a status other than 0 is an {@link IllegalStateException}. */
    public byte[] set(int attributeId, int modifier, byte[] data, int... path) {
        return call(Method.SET, attributeId, modifier, data, path);
    }

    /** Gives an end port (a CA port, or switch port 0) its LID, with this SM as master. */
    public void assignLid(int lid, int... path) {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, 0, path), 0);
        set(
                PortInfo.ATTRIBUTE_ID,
                0,
                now.toBuilder()
                        .lid(lid)
                        .masterSmLid(smLid)
                        .portState(0)
                        .portPhysicalState(0)
                        .build()
                        .toBytes(),
                path);
    }

    /** Moves a port to PortState {@code state}, as the activation step of an SM does (Armed, then Active). */
    public void portState(int state, int modifier, int... path) {
        PortInfo now = PortInfo.decode(get(PortInfo.ATTRIBUTE_ID, modifier, path), 0);
        set(
                PortInfo.ATTRIBUTE_ID,
                modifier,
                now.toBuilder().portState(state).portPhysicalState(0).build().toBytes(),
                path);
    }

    private byte[] call(int method, int attributeId, int modifier, byte[] data, int... path) {
        long id = tid++;
        DrSmp request = DrSmp.outbound(method, id, attributeId, modifier, 0, data, path);
        CompletableFuture<DrSmp> answer = new CompletableFuture<>();
        onLoop(() -> {
            pending.put(id, answer);
            return host.send(agent, HostMad.smp(0xFFFF, request.encode()));
        });
        DrSmp got;
        try {
            got = answer.get(ANSWER_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for SMP " + id, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    String.format(
                            "no answer to SMP 0x%x (attribute 0x%x along %s)", id, attributeId, Arrays.toString(path)),
                    e);
        }
        if (got.status() != 0) {
            throw new IllegalStateException(String.format(
                    "SMP attribute 0x%x along %s: status 0x%x", attributeId, Arrays.toString(path), got.status()));
        }
        return got.data();
    }

    private <T> T onLoop(Callable<T> work) {
        try {
            return host.call(work).await(ANSWER_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(host.name() + " did not run the request", e);
        }
    }
}
