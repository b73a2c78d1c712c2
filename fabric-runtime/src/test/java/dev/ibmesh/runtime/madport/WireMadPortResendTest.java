package dev.ibmesh.runtime.madport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A request that timed out and is sent again with the same TransactionID from its timeout's handler (as the SM's
 * dispatcher resends) is answered by a late response to the first send that arrived meanwhile. Were the resend
 * queued behind that arrival, the response would find nothing waiting, and the resend would be left to its own
 * answer: one a device may refuse, having already carried out the first send (ibsim refused a PortInfo Set to Armed
 * on a port the first send had armed, and a sweep came out incomplete).
 */
class WireMadPortResendTest {
    @Test
    void aLateResponseQueuedBeforeTheResendAnswersIt() throws Exception {
        List<HostMad> sent = new CopyOnWriteArrayList<>();
        WireMadPort port = new WireMadPort(new SilentWire(sent));
        try {
            HostMad request = HostMad.smp(
                    DrSmp.PERMISSIVE_LID,
                    DrSmp.outbound(Method.GET, port.newTransactionId(), NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0])
                            .encode());
            HostMad lateResponse = request.reply(response(request.mad()));
            // Both steps run on the port's thread, where the first send's timeout completes it.
            CompletableFuture<HostMad> resent = port.request(request, Duration.ofMillis(10))
                    .handle((first, failure) -> failure)
                    .thenCompose(failure -> {
                        if (!(failure instanceof MadTimeoutException)) {
                            return CompletableFuture.failedFuture(
                                    new AssertionError("the first send should time out", failure));
                        }
                        port.received(lateResponse); // the first send's answer, queued on the port's thread
                        return port.request(request, Duration.ofSeconds(5));
                    });

            HostMad answer = resent.get(3, TimeUnit.SECONDS);

            assertEquals(
                    lateResponse.mad().header().transactionId(),
                    answer.mad().header().transactionId());
            assertEquals(2, sent.size(), "the first send and the resend");
        } finally {
            port.close();
        }
    }

    private static Mad response(Mad request) {
        byte[] b = request.toBytes();
        request.header().withMethod(Method.GET_RESP).encode(b, 0);
        return Mad.copyOf(b);
    }

    /** A wire that records what is sent and never answers by itself. */
    private record SilentWire(List<HostMad> sent) implements WireMadPort.Wire {
        @Override
        public String name() {
            return "silent";
        }

        @Override
        public long firstTid() {
            return 1;
        }

        @Override
        public long tidMatchMask() {
            return -1L;
        }

        @Override
        public Optional<String> uncarried(HostMad mad) {
            return Optional.empty();
        }

        @Override
        public void transmit(HostMad mad, Duration timeout) {
            sent.add(mad);
        }

        @Override
        public void requests(Set<Integer> mgmtClasses) {}

        @Override
        public CompletableFuture<Void> announceSm(boolean present) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}
    }
}
