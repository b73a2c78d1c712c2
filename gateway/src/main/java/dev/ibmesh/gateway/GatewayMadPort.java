package dev.ibmesh.gateway;

import dev.ibmesh.proto.gateway.v1.AnnounceSm;
import dev.ibmesh.proto.gateway.v1.ClientMessage;
import dev.ibmesh.proto.gateway.v1.GatewayInfo;
import dev.ibmesh.proto.gateway.v1.GatewayMessage;
import dev.ibmesh.proto.gateway.v1.MadGatewayGrpc;
import dev.ibmesh.proto.gateway.v1.Outcome;
import dev.ibmesh.proto.gateway.v1.QueryLid;
import dev.ibmesh.proto.gateway.v1.Subscribe;
import dev.ibmesh.proto.gateway.v1.Transmit;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadPortIdentity;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.madport.MadWatcher;
import dev.ibmesh.runtime.madport.PortThread;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * The {@link MadPort} of a client of {@code ibmesh gateway}: one session stream, with the semantics of the gateway's
 * own port (the gateway matches responses and runs the timeouts). Watchers see what this client sends and receives.
 *
 * <p>Threading: the port's own thread (a single-threaded executor, also the gRPC channel's) keeps all state, writes
 * to the stream and completes futures and listeners.
 */
public final class GatewayMadPort implements MadPort {
    /** How much longer than a request's timeout the client waits for the gateway to say what became of it. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    private final String name;
    private final PortThread thread;
    private final ManagedChannel channel;
    private final CompletableFuture<GatewayInfo> hello = new CompletableFuture<>();
    private final Map<Long, Call> calls = new HashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private final List<MadWatcher> watchers = new ArrayList<>();
    private final AtomicLong nextTid =
            new AtomicLong(ThreadLocalRandom.current().nextLong() & 0x7FFF_FFFF_0000_0000L);
    private StreamObserver<ClientMessage> stream;
    private long nextCall;
    private MadPortIdentity identity;
    private Optional<RuntimeException> lost = Optional.empty();

    /** A call waiting for its outcome, or failed when the session is lost. */
    private record Call(Consumer<Outcome> outcome, Consumer<RuntimeException> lost) {}

    private record Listener(Set<Integer> classes, Consumer<HostMad> sink) {}

    private GatewayMadPort(String host, int port) {
        this.name = "gateway " + host + ":" + port;
        this.thread = new PortThread(name);
        this.channel = NettyChannelBuilder.forAddress(host, port)
                .usePlaintext()
                .executor(thread.executor())
                .build();
    }

    /**
     * Attaches to the gateway at {@code host:port}, presenting {@code token}, and waits at most {@code timeout} for
     * its hello.
     *
     * @throws MadSendException naming the gateway and what went wrong: unreachable, the token refused, no hello
     */
    public static MadPort open(String host, int port, Optional<String> token, Duration timeout) {
        GatewayMadPort p = new GatewayMadPort(host, port);
        Metadata headers = new Metadata();
        token.ifPresent(t -> headers.put(TokenCheck.AUTHORIZATION, TokenCheck.BEARER + t));
        MadGatewayGrpc.MadGatewayStub stub =
                MadGatewayGrpc.newStub(p.channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
        p.execute(() -> p.stream = stub.attach(p.new Inbound()));
        try {
            GatewayInfo info = p.hello.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            p.identity = new MadPortIdentity(
                    info.getNodeName(), info.getNodeGuid(), info.getPortGuid(), info.getPortNumber());
            return p;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.close();
            throw new MadSendException(p.name + ": interrupted while attaching");
        } catch (ExecutionException e) {
            p.close();
            throw new MadSendException(e.getCause().getMessage());
        } catch (TimeoutException e) {
            p.close();
            throw new MadSendException(p.name + " sent no hello within " + timeout.toMillis() + " ms");
        }
    }

    @Override
    public MadPortIdentity identity() {
        return identity;
    }

    @Override
    public CompletableFuture<Integer> lid() {
        CompletableFuture<Integer> lid = new CompletableFuture<>();
        call(
                lid,
                c -> ClientMessage.newBuilder()
                        .setQueryLid(QueryLid.newBuilder().setCall(c))
                        .build(),
                o -> lid.complete(o.getLid()),
                0);
        return lid;
    }

    @Override
    public CompletableFuture<Void> announceSm(boolean present) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        call(
                done,
                c -> ClientMessage.newBuilder()
                        .setAnnounceSm(AnnounceSm.newBuilder().setCall(c).setPresent(present))
                        .build(),
                o -> done.complete(null),
                0);
        return done;
    }

    @Override
    public long newTransactionId() {
        return nextTid.getAndIncrement();
    }

    @Override
    public CompletableFuture<HostMad> request(HostMad request, Duration timeout) {
        CompletableFuture<HostMad> response = new CompletableFuture<>();
        long tid = request.mad().header().transactionId();
        call(
                response,
                c -> transmit(c, request, Math.max(1, timeout.toMillis())),
                o -> {
                    HostMad answer = MadMessages.fromProto(o.getResponse());
                    watchers.forEach(w -> w.received(answer));
                    response.complete(answer);
                },
                tid);
        onThread(response, () -> watchers.forEach(w -> w.sent(request)));
        execute(() -> {
            ScheduledFuture<?> silence = thread.executor()
                    .schedule(
                            () -> response.completeExceptionally(new MadSendException(String.format(
                                    "%s said nothing about TID 0x%016x within %d ms",
                                    name, tid, timeout.plus(GRACE).toMillis()))),
                            timeout.plus(GRACE).toNanos(),
                            TimeUnit.NANOSECONDS);
            response.whenComplete((r, e) -> silence.cancel(false));
        });
        return response;
    }

    @Override
    public CompletableFuture<Void> send(HostMad mad) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        call(
                sent,
                c -> transmit(c, mad, 0),
                o -> sent.complete(null),
                mad.mad().header().transactionId());
        onThread(sent, () -> watchers.forEach(w -> w.sent(mad)));
        return sent;
    }

    private static ClientMessage transmit(long call, HostMad mad, long timeoutMillis) {
        return ClientMessage.newBuilder()
                .setTransmit(Transmit.newBuilder()
                        .setCall(call)
                        .setMad(MadMessages.toProto(mad))
                        .setTimeoutMs((int) Math.min(Integer.MAX_VALUE, timeoutMillis)))
                .build();
    }

    @Override
    public Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener) {
        Listener l = new Listener(Set.copyOf(mgmtClasses), listener);
        execute(() -> {
            listeners.add(l);
            subscribeAll();
        });
        return () -> execute(() -> {
            listeners.remove(l);
            subscribeAll();
        });
    }

    /** The gateway delivers the classes of every listener. */
    private void subscribeAll() {
        Set<Integer> classes = new TreeSet<>();
        listeners.forEach(l -> classes.addAll(l.classes()));
        if (lost.isEmpty()) {
            stream.onNext(ClientMessage.newBuilder()
                    .setSubscribe(Subscribe.newBuilder().addAllMgmtClasses(classes))
                    .build());
        }
    }

    @Override
    public Subscription watch(MadWatcher watcher) {
        execute(() -> watchers.add(watcher));
        return () -> execute(() -> watchers.remove(watcher));
    }

    /** Ends the session (the gateway releases what it held for it) and fails what still waits. */
    @Override
    public void close() {
        thread.shutdownAfter(() -> {
            if (lost.isEmpty() && stream != null) {
                stream.onCompleted();
            }
            loseSession(new MadSendException(this + " was closed"));
            channel.shutdownNow();
        });
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Sends the call {@code message} builds with a fresh call number; its outcome goes to {@code done}, a failure
     * (the gateway's, or the session's loss) fails {@code result}.
     *
     * @param tid the client's TransactionID a failure names
     */
    private void call(
            CompletableFuture<?> result, LongFunction<ClientMessage> message, Consumer<Outcome> done, long tid) {
        onThread(result, () -> {
            long c = ++nextCall;
            calls.put(
                    c,
                    new Call(
                            o -> {
                                if (o.hasFailure()) {
                                    result.completeExceptionally(Failures.fromProto(o.getFailure(), tid, name));
                                } else {
                                    done.accept(o);
                                }
                            },
                            result::completeExceptionally));
            result.whenComplete((v, e) -> execute(() -> calls.remove(c)));
            stream.onNext(message.apply(c));
        });
    }

    /** Runs {@code task} on the port's thread, or fails {@code result} when the session is gone. */
    private void onThread(CompletableFuture<?> result, Runnable task) {
        thread.run(result, () -> lost, () -> new MadSendException(this + " is closed"), task);
    }

    private boolean execute(Runnable task) {
        return thread.execute(task);
    }

    /** The session is over: every call waiting fails with {@code why}, and so does every later one. */
    private void loseSession(RuntimeException why) {
        if (lost.isPresent()) {
            return;
        }
        lost = Optional.of(why);
        hello.completeExceptionally(why);
        List.copyOf(calls.values()).forEach(c -> c.lost().accept(why));
        calls.clear();
    }

    /** What the gateway sends, on the port's thread (the channel's executor). */
    private final class Inbound implements StreamObserver<GatewayMessage> {
        @Override
        public void onNext(GatewayMessage m) {
            switch (m.getKindCase()) {
                case HELLO -> hello.complete(m.getHello());
                case OUTCOME -> {
                    Call c = calls.remove(m.getOutcome().getCall());
                    if (c != null) {
                        c.outcome().accept(m.getOutcome());
                    }
                }
                case ARRIVED -> {
                    HostMad mad = MadMessages.fromProto(m.getArrived());
                    watchers.forEach(w -> w.received(mad));
                    int mgmtClass = mad.mad().header().mgmtClass().code();
                    List.copyOf(listeners).stream()
                            .filter(l -> l.classes().contains(mgmtClass))
                            .forEach(l -> l.sink().accept(mad));
                }
                case KIND_NOT_SET -> {
                    // A message of a newer gateway this client does not know: nothing to do with it.
                }
            }
        }

        @Override
        public void onError(Throwable t) {
            loseSession(new MadSendException(name + ": " + explain(Status.fromThrowable(t))));
        }

        @Override
        public void onCompleted() {
            loseSession(new MadSendException(name + " ended the session"));
        }
    }

    /** What a user makes of the status a session ended with. */
    private static String explain(Status s) {
        String detail = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
        return switch (s.getCode()) {
            case UNAUTHENTICATED ->
                "refused the token (" + detail + "); give the gateway's token in " + GatewayToken.VARIABLE + " or "
                        + GatewayToken.FILE_VARIABLE;
            case UNAVAILABLE -> "cannot be reached (" + detail + ")";
            default -> "the session failed: " + s.getCode() + " " + detail;
        };
    }
}
