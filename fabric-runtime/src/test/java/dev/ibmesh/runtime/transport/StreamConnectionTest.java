package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ibmesh.proto.link.v1.LinkMessage;
import io.grpc.Status;
import io.grpc.stub.CallStreamObserver;
import org.junit.jupiter.api.Test;

/** A handler that throws neither cancels the stream nor closes the inbound window; late messages are counted. */
class StreamConnectionTest {
    /** Our half of the stream: counts what the connection asks of it. */
    private static final class Outbound extends CallStreamObserver<LinkMessage> {
        int requested;
        int completed;

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setOnReadyHandler(Runnable onReadyHandler) {}

        @Override
        public void disableAutoInboundFlowControl() {}

        @Override
        public void request(int count) {
            requested += count;
        }

        @Override
        public void setMessageCompression(boolean enable) {}

        @Override
        public void onNext(LinkMessage value) {}

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {
            completed++;
        }
    }

    /** Fails at everything. */
    private static final class FailingHandler implements StreamListener {
        int messages;
        int disconnects;

        @Override
        public void onMessage(LinkMessage message) {
            messages++;
            throw new IllegalStateException("handler bug");
        }

        @Override
        public void onReady() {
            throw new IllegalStateException("handler bug");
        }

        @Override
        public void onDisconnected(Status cause) {
            disconnects++;
            throw new IllegalStateException("handler bug");
        }
    }

    @Test
    void aThrowingHandlerKeepsTheWindowOpenAndTheExceptionInside() {
        Outbound out = new Outbound();
        FailingHandler handler = new FailingHandler();
        StreamConnection c = new StreamConnection(out, handler, "peer");
        int messages = StreamConnection.WINDOW * 3;
        for (int i = 0; i < messages; i++) {
            c.delivered(LinkMessage.getDefaultInstance());
        }
        c.ready();
        assertEquals(messages, handler.messages);
        assertEquals(messages, out.requested, "one more message asked for after each, failed or not");
        c.ended(Status.CANCELLED, true);
        assertEquals(1, handler.disconnects);
        assertEquals(1, out.completed);
        assertFalse(c.isReady());
        c.ended(Status.CANCELLED, true);
        assertEquals(1, handler.disconnects, "the end is told once");
    }

    /** What the peer sent before it saw this end close is still taken, and handed over as late, not as a message. */
    @Test
    void messagesAfterThisEndClosedAreTakenAsLate() {
        Outbound out = new Outbound();
        int[] late = new int[1];
        int[] onTime = new int[1];
        StreamConnection c = new StreamConnection(
                out,
                new StreamListener() {
                    @Override
                    public void onMessage(LinkMessage message) {
                        onTime[0]++;
                    }

                    @Override
                    public void onReady() {}

                    @Override
                    public void onDisconnected(Status cause) {}

                    @Override
                    public void onLateMessage(LinkMessage message) {
                        late[0]++;
                    }
                },
                "peer");
        c.delivered(LinkMessage.getDefaultInstance());
        c.close();
        int afterClose = StreamConnection.WINDOW * 2;
        for (int i = 0; i < afterClose; i++) {
            c.delivered(LinkMessage.getDefaultInstance());
        }
        assertEquals(1, onTime[0]);
        assertEquals(afterClose, late[0]);
        assertEquals(1 + afterClose, out.requested, "the window stays open until the peer ends its half");
    }
}
