package dev.ibmesh.gateway;

import dev.ibmesh.proto.gateway.v1.AnnounceSm;
import dev.ibmesh.proto.gateway.v1.ClientMessage;
import dev.ibmesh.proto.gateway.v1.Done;
import dev.ibmesh.proto.gateway.v1.Failure;
import dev.ibmesh.proto.gateway.v1.GatewayInfo;
import dev.ibmesh.proto.gateway.v1.GatewayMessage;
import dev.ibmesh.proto.gateway.v1.Outcome;
import dev.ibmesh.proto.gateway.v1.Transmit;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;

/**
 * One client's stream on the gateway: its calls go to the gateway's port, the outcomes and the MADs of the classes it
 * subscribed to come back. What it holds (a subscription, IsSM, TID mappings) is released when the stream ends,
 * however it ends.
 *
 * <p>Threading: gRPC delivers the client's messages one at a time; outcomes come on the port's thread. Messages to the
 * client go out one at a time ({@link #emit}).
 */
final class GatewaySession implements StreamObserver<ClientMessage> {
    private final MadPort port;
    private final AccessPolicy policy;
    private final SmAnnouncement sm;
    private final GatewayMetrics metrics;
    private final ClientTransactions transactions;
    private final StreamObserver<GatewayMessage> client;
    private MadPort.Subscription subscription = () -> {};
    private boolean holdsSm;
    private boolean ended;

    GatewaySession(
            MadPort port,
            AccessPolicy policy,
            SmAnnouncement sm,
            GatewayMetrics metrics,
            ConcurrentMap<Integer, ClientTransactions.Transaction> owners,
            GatewayInfo hello,
            StreamObserver<GatewayMessage> client) {
        this.port = port;
        this.policy = policy;
        this.sm = sm;
        this.metrics = metrics;
        this.transactions = new ClientTransactions(owners);
        this.client = client;
        metrics.attached();
        emit(GatewayMessage.newBuilder().setHello(hello).build());
    }

    @Override
    public void onNext(ClientMessage m) {
        switch (m.getKindCase()) {
            case TRANSMIT -> transmit(m.getTransmit());
            case SUBSCRIBE -> subscribe(new HashSet<>(m.getSubscribe().getMgmtClassesList()));
            case ANNOUNCE_SM -> announce(m.getAnnounceSm());
            case QUERY_LID -> {
                long call = m.getQueryLid().getCall();
                port.lid()
                        .whenComplete((lid, e) -> outcome(
                                e == null
                                        ? Outcome.newBuilder().setCall(call).setLid(lid)
                                        : Outcome.newBuilder().setCall(call).setFailure(Failures.toProto(e))));
            }
            case KIND_NOT_SET -> metrics.refused("invalid"); // nothing to answer: a counted drop
        }
    }

    private void transmit(Transmit t) {
        HostMad mad;
        try {
            if (!t.hasMad()) {
                throw new IllegalArgumentException("a Transmit without a MAD");
            }
            mad = MadMessages.fromProto(t.getMad());
        } catch (IllegalArgumentException e) {
            metrics.refused("invalid");
            fail(t.getCall(), Failures.of(Failure.Kind.KIND_INVALID, e.getMessage()));
            return;
        }
        if (t.getTimeoutMs() > 0) {
            request(t.getCall(), mad, Duration.ofMillis(t.getTimeoutMs()));
        } else {
            send(t.getCall(), mad);
        }
    }

    private void request(long call, HostMad mad, Duration timeout) {
        Optional<String> refusal = policy.refusesRequest(mad);
        if (refusal.isPresent()) {
            metrics.refused("read_only");
            fail(call, Failures.of(Failure.Kind.KIND_READ_ONLY, refusal.get()));
            return;
        }
        long clientTid = mad.mad().header().transactionId();
        long portTid = port.newTransactionId();
        transactions.started(clientTid, portTid, mad.mad().header().method());
        long started = System.nanoTime();
        metrics.mad(true, mad);
        port.request(mad.withTransactionId(portTid), timeout).whenComplete((response, e) -> {
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            if (e != null) {
                Failure f = Failures.toProto(e);
                metrics.request(f.getKind().name().substring("KIND_".length()).toLowerCase(Locale.ROOT), took);
                fail(call, f);
                return;
            }
            metrics.request("response", took);
            metrics.mad(false, response);
            outcome(Outcome.newBuilder()
                    .setCall(call)
                    .setResponse(MadMessages.toProto(response.withTransactionId(clientTid))));
        });
    }

    /** A MAD that expects no response; one with the TID of the client's request goes with the port's TID for it. */
    private void send(long call, HostMad mad) {
        Optional<ClientTransactions.Transaction> own =
                transactions.byClient(mad.mad().header().transactionId());
        Optional<String> refusal = policy.refusesSend(mad, own.map(ClientTransactions.Transaction::method));
        if (refusal.isPresent()) {
            metrics.refused("read_only");
            fail(call, Failures.of(Failure.Kind.KIND_READ_ONLY, refusal.get()));
            return;
        }
        HostMad out = own.map(t -> mad.withTransactionId(t.portTid())).orElse(mad);
        metrics.mad(true, out);
        port.send(out)
                .whenComplete((v, e) -> outcome(
                        e == null
                                ? Outcome.newBuilder().setCall(call).setDone(Done.getDefaultInstance())
                                : Outcome.newBuilder().setCall(call).setFailure(Failures.toProto(e))));
    }

    private synchronized void subscribe(Set<Integer> classes) {
        subscription.close();
        subscription = classes.isEmpty() ? () -> {} : port.subscribe(classes, this::arrived);
    }

    /**
     * A MAD no request took: a response that belongs to a request of a session (a later RMPP segment) goes to that
     * session only, with its TID; anything else to every session subscribed to its class.
     */
    private void arrived(HostMad mad) {
        HostMad seen = mad;
        if (mad.mad().header().isResponse()) {
            Optional<ClientTransactions.Transaction> t =
                    transactions.byPort(mad.mad().header().transactionId());
            if (t.isPresent()) {
                if (t.get().owner() != transactions) {
                    return;
                }
                seen = mad.withTransactionId(t.get().clientTid());
            }
        }
        metrics.mad(false, seen);
        emit(GatewayMessage.newBuilder().setArrived(MadMessages.toProto(seen)).build());
    }

    private void announce(AnnounceSm a) {
        Optional<String> refusal = policy.refusesAnnounce(a.getPresent());
        if (refusal.isPresent()) {
            metrics.refused("read_only");
            fail(a.getCall(), Failures.of(Failure.Kind.KIND_READ_ONLY, refusal.get()));
            return;
        }
        synchronized (this) {
            if (a.getPresent() == holdsSm) {
                outcome(Outcome.newBuilder().setCall(a.getCall()).setDone(Done.getDefaultInstance()));
                return;
            }
            holdsSm = a.getPresent();
        }
        (a.getPresent() ? sm.hold() : sm.release())
                .whenComplete((v, e) -> outcome(
                        e == null
                                ? Outcome.newBuilder().setCall(a.getCall()).setDone(Done.getDefaultInstance())
                                : Outcome.newBuilder().setCall(a.getCall()).setFailure(Failures.toProto(e))));
    }

    @Override
    public void onError(Throwable t) {
        end();
    }

    @Override
    public void onCompleted() {
        end();
        synchronized (this) {
            client.onCompleted();
        }
    }

    /** Lets go of what the session held. */
    private void end() {
        boolean releaseSm;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            subscription.close();
            releaseSm = holdsSm;
            holdsSm = false;
        }
        if (releaseSm) {
            sm.release();
        }
        transactions.clear();
        metrics.detached();
    }

    private void fail(long call, Failure f) {
        outcome(Outcome.newBuilder().setCall(call).setFailure(f));
    }

    private void outcome(Outcome.Builder o) {
        emit(GatewayMessage.newBuilder().setOutcome(o).build());
    }

    /**
     * One message to the client, unless the stream has ended. A client that went away without a word (gRPC cancels
     * its call) ends the session here.
     */
    private void emit(GatewayMessage m) {
        synchronized (this) {
            if (ended) {
                return;
            }
            try {
                client.onNext(m);
                return;
            } catch (RuntimeException cancelled) {
                // The call is gone; release what the session held below.
            }
        }
        end();
    }
}
