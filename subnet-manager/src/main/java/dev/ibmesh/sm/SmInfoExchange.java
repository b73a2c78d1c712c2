package dev.ibmesh.sm;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.sma.dr.DrResponse;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * SMInfo between SMs (IBA 14.4.1): reading the SMInfo of the other SMs a sweep found (ports whose CapabilityMask has
 * IsSM), sending them a control (SubnSet(SMInfo) with AttributeModifier HANDOVER, ACKNOWLEDGE ...), and answering the
 * SMInfo requests that reach this SM's port.
 */
final class SmInfoExchange {
    private final MadPort port;
    private final SmpDispatcher smps;

    SmInfoExchange(MadPort port, SmpDispatcher smps) {
        this.port = port;
        this.smps = smps;
    }

    /** The SMs of {@code subnet} other than this one, with the SMInfo each answered (those that did not are left out). */
    List<RemoteSm> remoteSms(Subnet subnet) {
        List<RemoteSm> found = new ArrayList<>();
        SmpBatch batch = new SmpBatch();
        for (SmPort p : subnet.endPorts()) {
            PortInfo info = p.info();
            if (p == subnet.smPort() || info == null || !info.hasCapability(PortInfo.CAP_IS_SM)) {
                continue;
            }
            batch.add(
                    smps.get(SmInfo.ATTRIBUTE_ID, 0, p.path()),
                    () -> "SMInfo of " + p,
                    a -> found.add(new RemoteSm(p, SmInfo.decode(a.data(), 0))));
        }
        batch.await(problem -> {});
        return found;
    }

    /** Reads the SMInfo of {@code sm} again; empty if it did not answer. */
    Optional<SmInfo> poll(RemoteSm sm) {
        return accepted(smps.get(SmInfo.ATTRIBUTE_ID, 0, sm.port().path())).map(a -> SmInfo.decode(a.data(), 0));
    }

    /** Sends {@code sm} the SMInfo control {@code control} (HANDOVER, ACKNOWLEDGE ...); true if it accepted it. */
    boolean control(RemoteSm sm, int control, SmInfo ours) {
        return accepted(smps.set(
                        SmInfo.ATTRIBUTE_ID, control, ours.toBytes(), sm.port().path()))
                .isPresent();
    }

    /** Waits for the answer: empty if none came or its status is not 0. */
    private static Optional<DrSmp> accepted(CompletableFuture<DrSmp> answer) {
        try {
            DrSmp a = answer.join();
            return a.status() == 0 ? Optional.of(a) : Optional.empty();
        } catch (CompletionException e) {
            return Optional.empty();
        }
    }

    /** Answers an SMInfo Get or Set that reached this port with {@code ours}; other MADs are not for this. */
    static boolean isSmInfoRequest(MadHeader h) {
        return h.attributeId() == SmInfo.ATTRIBUTE_ID && (h.method() == Method.GET || h.method() == Method.SET);
    }

    /**
     * The GetResp to {@code request} carrying {@code ours}, on its way back the way the request came. It shows the
     * SM_Key to every requester: OpenSM 3.3.23 ignores an SM whose SMInfo shows another SM_Key than its own
     * ({@code smi_rcv_process_get_response}, "ERR 2F18") while its own SMInfo Get presents none, so hiding the key
     * from requesters that do not present it would leave two masters. Whether the IBA asks for the key to be hidden
     * from an SM that is not master is [unverified]; see docs/sm.md.
     */
    void answer(HostMad request, SmInfo ours) {
        MadHeader h = request.mad().header();
        if (h.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            DrSmp response = DrResponse.getResp(DrSmp.decode(request.mad()), 0, ours.toBytes());
            port.send(HostMad.smp(DrSmp.PERMISSIVE_LID, response.encode()));
        } else {
            Smp smp = Smp.decode(request.mad());
            Mad response = Smp.of(h.withMethod(Method.GET_RESP), smp.mKey(), ours.toBytes())
                    .encode();
            port.send(HostMad.smp(request.remoteLid(), response));
        }
    }

    /** The SMInfo data of a request. */
    static byte[] data(HostMad request) {
        return request.mad().header().mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE
                ? DrSmp.decode(request.mad()).data()
                : Smp.decode(request.mad()).data();
    }
}
