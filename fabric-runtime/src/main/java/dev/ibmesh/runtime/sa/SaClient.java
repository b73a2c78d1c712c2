package dev.ibmesh.runtime.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.rmpp.RmppReceiver;
import dev.ibmesh.wire.Deth;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Queries the Subnet Administrator (class 0x03, QP1 of the master SM's port, IBA 15.4) from a {@link MadPort}, as
 * saquery does: SubnAdmGet answers with one GetResp; SubnAdmGetTable with a GetTableResp that comes as an RMPP
 * transfer, acknowledged and put back together here. The request is sent once: the answer, or a timeout, is what
 * the SA did.
 */
public final class SaClient implements AutoCloseable {
    private final MadPort port;
    private final Duration timeout;
    private final Map<Long, RmppReceiver> transfers = new ConcurrentHashMap<>();
    private final MadPort.Subscription segments;

    /** @param timeout for a whole query, every segment of its answer included */
    public SaClient(MadPort port, Duration timeout) {
        this.port = port;
        this.timeout = timeout;
        this.segments = port.subscribe(Set.of(MgmtClass.SUBN_ADM.code()), this::arrived);
    }

    /** SubnAdmGet of the record matching {@code template} in the components {@code componentMask} names. */
    public CompletableFuture<SaAnswer> get(int saLid, long componentMask, Attribute template) {
        return query(saLid, Method.GET, template.attributeId(), componentMask, template.toBytes());
    }

    /** Any SA request: {@code template} is the data of the request (at most 200 bytes). */
    public CompletableFuture<SaAnswer> query(
            int saLid, int method, int attributeId, long componentMask, byte[] template) {
        long tid = port.newTransactionId();
        MadHeader header = MadHeader.of(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, method, tid, attributeId, 0);
        SaMad request = SaMad.of(header, 0, 0, componentMask, template);
        RmppReceiver receiver = new RmppReceiver(port, SaMad.DATA_OFFSET);
        transfers.put(tid, receiver);
        CompletableFuture<SaAnswer> answer = port.request(
                        new HostMad(saLid, 0, 1, Deth.GSI_Q_KEY, 0, request.encode()), timeout)
                .thenCompose(first -> {
                    byte[] b = first.mad().toBytes();
                    if (!RmppHeader.active(b)) {
                        return CompletableFuture.completedFuture(new SaAnswer(
                                Arrays.copyOf(b, SaMad.DATA_OFFSET),
                                Arrays.copyOfRange(b, SaMad.DATA_OFFSET, b.length)));
                    }
                    receiver.offer(first);
                    return receiver.done().thenApply(r -> new SaAnswer(r.header(), r.data()));
                })
                .orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
        answer.whenComplete((a, e) -> transfers.remove(tid, receiver));
        return answer;
    }

    /** The later segments of an answer (and a sender's ABORT) come here: no request is waiting for them. */
    private void arrived(HostMad mad) {
        RmppReceiver receiver = transfers.get(mad.mad().header().transactionId());
        if (receiver != null && RmppHeader.active(mad.mad().toBytes())) {
            receiver.offer(mad);
        }
    }

    @Override
    public void close() {
        segments.close();
    }
}
