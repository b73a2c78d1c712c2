package dev.ibmesh.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.fabric.v1.Event;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A WatchEvents stream holds at most {@link EventWatch#MAX_BEHIND} events for a client that does not read: the next
 * one ends the stream with RESOURCE_EXHAUSTED and removes the watches, so a stalled client costs bounded memory.
 */
class EventWatchTest {
    @Test
    void aStalledClientIsCutOffNotBufferedWithoutBound() {
        Client client = new Client();
        EventWatch watch = new EventWatch(client);
        int[] unwatched = {0};
        watch.onEnd(() -> unwatched[0]++);
        for (int i = 0; i < EventWatch.MAX_BEHIND; i++) {
            watch.offer(event(i));
        }
        assertEquals(List.of(), client.sent, "nothing is sent while the client is not ready");
        assertEquals(0, unwatched[0]);

        watch.offer(event(EventWatch.MAX_BEHIND));
        assertEquals(
                Status.Code.RESOURCE_EXHAUSTED,
                Status.fromThrowable(client.error).getCode());
        assertEquals(1, unwatched[0], "the device watches are removed");
        watch.offer(event(0));
        watch.onEnd(() -> unwatched[0]++);
        assertEquals(2, unwatched[0], "a watch added after the end is removed at once");
        assertTrue(client.sent.isEmpty());
    }

    @Test
    void aReadyClientGetsEveryEventInOrder() {
        Client client = new Client();
        EventWatch watch = new EventWatch(client);
        watch.offer(event(1));
        client.ready = true;
        client.onReady.run();
        watch.offer(event(2));
        assertEquals(List.of(1, 2), client.sent.stream().map(Event::getPort).toList());
    }

    private static Event event(int port) {
        return Event.newBuilder().setDevice("sw1").setPort(port).build();
    }

    /** The server side of a call whose client reads only when told to be {@link #ready}. */
    private static final class Client extends ServerCallStreamObserver<Event> {
        final List<Event> sent = new ArrayList<>();
        boolean ready;
        Throwable error;
        Runnable onReady;

        @Override
        public boolean isReady() {
            return ready;
        }

        @Override
        public void setOnReadyHandler(Runnable handler) {
            onReady = handler;
        }

        @Override
        public void setOnCancelHandler(Runnable handler) {}

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void setCompression(String compression) {}

        @Override
        public void disableAutoInboundFlowControl() {}

        @Override
        public void request(int count) {}

        @Override
        public void setMessageCompression(boolean enable) {}

        @Override
        public void onNext(Event value) {
            sent.add(value);
        }

        @Override
        public void onError(Throwable t) {
            error = t;
        }

        @Override
        public void onCompleted() {}
    }
}
