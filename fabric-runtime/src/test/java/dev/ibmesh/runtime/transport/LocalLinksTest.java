package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import io.grpc.Status;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A link between two devices of one JVM keeps a gRPC stream's contract: in order, refused with the same statuses, a
 * window of unhandled messages, the end told once to each side, and what was on the way when one end closed arrives
 * late. Each device's event loop is a hand-run queue here, so the test decides when each side runs.
 */
class LocalLinksTest {
    /** An event loop the test runs by hand. */
    private static final class Loop implements Executor {
        final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runOne() {
            tasks.poll().run();
        }

        void runAll() {
            Runnable t;
            while ((t = tasks.poll()) != null) {
                t.run();
            }
        }
    }

    /** A port: takes the link if told to, records what reaches it. */
    private static class Port implements LinkHandler {
        final boolean accepts;
        final List<Integer> messages = new ArrayList<>();
        final List<Integer> late = new ArrayList<>();
        final List<Status> ends = new ArrayList<>();
        LinkConnection connection;
        int readies;

        Port(boolean accepts) {
            this.accepts = accepts;
        }

        @Override
        public boolean onConnected(LinkConnection c) {
            connection = c;
            return accepts;
        }

        @Override
        public void onMessage(LinkMessage message) {
            messages.add(message.getPhy().getPortNum());
        }

        @Override
        public void onLateMessage(LinkMessage message) {
            late.add(message.getPhy().getPortNum());
        }

        @Override
        public void onReady() {
            readies++;
        }

        @Override
        public void onDisconnected(Status cause) {
            ends.add(cause);
        }
    }

    private final LocalLinks links = new LocalLinks();
    private final Loop dialling = new Loop();
    private final Loop served = new Loop();

    private static LinkMessage message(int n) {
        return LinkMessage.newBuilder()
                .setPhy(PhyState.newBuilder().setPortNum(n))
                .build();
    }

    private DialedLink dial(Port local, int peerPort) {
        DialedLink link = links.opener("sw", peerPort, dialling, "0x1/1", "sw/" + peerPort)
                .open(local);
        assertTrue(local.onConnected(link));
        return link;
    }

    @Test
    void messagesReachTheServedPortInOrderAndItsAnswersComeBack() {
        Port remote = new Port(true);
        links.serve("sw", n -> n == 3 ? remote : null, served);
        Port local = new Port(true);
        DialedLink link = dial(local, 3);
        for (int i = 1; i <= 3; i++) {
            link.send(message(i));
        }
        assertTrue(remote.messages.isEmpty(), "nothing is handled before the peer's loop runs");
        served.runAll();
        assertEquals(List.of(1, 2, 3), remote.messages);
        assertEquals("0x1/1", remote.connection.peer());
        assertEquals("sw/3", link.peer());
        remote.connection.send(message(9));
        dialling.runAll();
        assertEquals(List.of(9), local.messages);
        assertTrue(local.ends.isEmpty() && remote.ends.isEmpty());
    }

    @Test
    void aDialToADeviceNotRunningEndsUnavailable() {
        Port local = new Port(true);
        DialedLink link = dial(local, 1);
        link.send(message(1));
        dialling.runAll();
        assertEquals(1, local.ends.size());
        assertEquals(Status.Code.UNAVAILABLE, local.ends.get(0).getCode());
        assertTrue(
                local.ends.get(0).getDescription().contains("'sw'"),
                local.ends.get(0).getDescription());
    }

    @Test
    void aDialIsRefusedAsTheVirtualLinkServiceRefusesIt() {
        Port busy = new Port(false);
        links.serve("sw", n -> n == 1 ? busy : null, served);
        Port toBusy = new Port(true);
        dial(toBusy, 1).send(message(1));
        Port toNone = new Port(true);
        dial(toNone, 7);
        served.runAll();
        dialling.runAll();
        assertEquals(Status.Code.FAILED_PRECONDITION, toBusy.ends.get(0).getCode());
        assertEquals(Status.Code.NOT_FOUND, toNone.ends.get(0).getCode());
        assertTrue(busy.messages.isEmpty(), "a port that refused the link hears nothing of it");
        assertTrue(busy.ends.isEmpty());
    }

    @Test
    void aDeviceThatStoppedRefusesDialsQueuedBeforeIt() {
        Port remote = new Port(true);
        Runnable stop = links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        dial(local, 1);
        stop.run();
        served.runAll();
        dialling.runAll();
        assertNull(remote.connection, "the stopped device's port was not offered the link");
        assertEquals(Status.Code.UNAVAILABLE, local.ends.get(0).getCode());
    }

    @Test
    void aLateStopOfAnOldDeviceLeavesItsSuccessorServed() {
        Runnable stopOld = links.serve("sw", n -> new Port(true), served);
        Port successor = new Port(true);
        links.serve("sw", n -> successor, served);
        stopOld.run();
        dial(new Port(true), 1);
        served.runAll();
        assertTrue(successor.connection != null, "the device serving now took the link");
    }

    @Test
    void aPortThatEndsTheLinkWhileTakingItHearsOfTheEnd() {
        Port remote = new Port(true) {
            @Override
            public boolean onConnected(LinkConnection c) {
                super.onConnected(c);
                c.close();
                return true;
            }
        };
        links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        dial(local, 1);
        served.runAll();
        dialling.runAll();
        assertEquals(1, remote.ends.size(), "told of the end it made, as a stream tells it");
        assertEquals(1, local.ends.size());
    }

    @Test
    void aWindowOfMessagesMayBeUnhandledThenTheSenderWaitsForRoom() {
        Port remote = new Port(true);
        links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        DialedLink link = dial(local, 1);
        for (int i = 0; i < StreamConnection.WINDOW; i++) {
            assertTrue(link.isReady(), "message " + i + " is inside the window");
            link.send(message(i));
        }
        assertFalse(link.isReady(), "the window is full until the peer handles a message");
        served.runAll();
        assertTrue(link.isReady());
        assertEquals(0, local.readies, "the sender hears of the room on its own loop");
        dialling.runAll();
        assertEquals(1, local.readies, "told once, when the window opened again");
    }

    @Test
    void aLongBurstLetsTheLoopsOtherTasksRunBetweenTurns() {
        Port remote = new Port(true);
        links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        DialedLink link = dial(local, 1);
        served.runAll();
        int burst = 2 * LocalLinkEnd.EVENTS_PER_TURN + 5;
        for (int i = 0; i < burst; i++) {
            link.send(message(i));
        }
        boolean[] otherTaskRan = new boolean[1];
        served.execute(() -> otherTaskRan[0] = remote.messages.size() < burst);
        served.runOne();
        assertEquals(LocalLinkEnd.EVENTS_PER_TURN, remote.messages.size(), "one turn's worth");
        served.runAll();
        assertTrue(otherTaskRan[0], "a task queued during the burst ran before its end");
        assertEquals(burst, remote.messages.size(), "and then the rest, in order");
        assertEquals(IntStream.range(0, burst).boxed().toList(), remote.messages);
    }

    @Test
    void closingTellsBothEndsOnceAndWhatWasOnTheWayArrivesLate() {
        Port remote = new Port(true);
        links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        DialedLink link = dial(local, 1);
        served.runAll();
        remote.connection.send(message(5));
        link.close();
        link.close();
        assertEquals(1, local.ends.size(), "the closing end is told at once");
        assertFalse(link.isReady());
        link.send(message(6));
        served.runAll();
        dialling.runAll();
        assertEquals(1, remote.ends.size());
        assertEquals(Status.Code.OK, remote.ends.get(0).getCode());
        assertEquals(List.of(5), local.late, "sent before the peer learnt of the close");
        assertTrue(remote.messages.isEmpty(), "nothing is sent on a closed link");
    }

    @Test
    void aListenerThatThrowsKeepsTheLinkAndItsWindow() {
        Port remote = new Port(true) {
            @Override
            public void onMessage(LinkMessage message) {
                super.onMessage(message);
                throw new IllegalStateException("port bug");
            }
        };
        links.serve("sw", n -> remote, served);
        Port local = new Port(true);
        DialedLink link = dial(local, 1);
        for (int i = 0; i < 2 * StreamConnection.WINDOW; i++) {
            link.send(message(i));
            served.runAll();
        }
        assertEquals(2 * StreamConnection.WINDOW, remote.messages.size());
        assertTrue(link.isReady());
        assertTrue(remote.ends.isEmpty());
    }
}
