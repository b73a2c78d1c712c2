package dev.ibmesh.tester.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.bench.CapturedFrame;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** How the generator paces a sequence, on an exerciser whose time and link the test controls. */
class PacketGeneratorTest {
    private static final DataPacketSpec PACKET = DataPacketSpec.iba(
            Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1),
            Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0x40, false, 0),
            List.of(new Deth(1, 1)),
            new byte[8]);

    /** An exerciser on a manual clock; {@code instant} ports take each packet at once. */
    private static final class FakeExerciser implements dev.ibmesh.tester.bench.Exerciser {
        final boolean instant;
        final List<byte[]> transmitted = new ArrayList<>();
        final List<CompletableFuture<Long>> pending = new ArrayList<>();
        final List<Boolean> ignoreCredits = new ArrayList<>();
        final List<Timer> timers = new ArrayList<>();
        int injectFailures;
        int injected;
        long now;

        record Timer(long at, CompletableFuture<Void> done) {}

        FakeExerciser(boolean instant) {
            this.instant = instant;
        }

        void advance(long nanos) {
            now += nanos;
            List<Timer> due = timers.stream().filter(t -> t.at() <= now).toList();
            timers.removeAll(due);
            due.forEach(t -> t.done().complete(null));
        }

        @Override
        public int portNumber() {
            return 1;
        }

        @Override
        public CompletableFuture<Integer> lid() {
            return CompletableFuture.completedFuture(1);
        }

        @Override
        public CompletableFuture<Long> transmit(byte[] frame) {
            transmitted.add(frame);
            if (instant) {
                return CompletableFuture.completedFuture(now);
            }
            CompletableFuture<Long> left = new CompletableFuture<>();
            pending.add(left);
            return left;
        }

        @Override
        public CompletableFuture<Long> inject(byte[] frame, boolean link, boolean endBad) {
            if (injectFailures > 0) {
                injectFailures--;
                return CompletableFuture.failedFuture(new IllegalStateException("1: no link to put the frame on"));
            }
            injected++;
            return CompletableFuture.completedFuture(now);
        }

        @Override
        public void ignoreCredits(boolean ignore) {
            ignoreCredits.add(ignore);
        }

        @Override
        public void capture(Consumer<CapturedFrame> sink) {}

        @Override
        public void hold(boolean hold) {}

        @Override
        public CompletableFuture<Void> nextLinkUp() {
            return new CompletableFuture<>();
        }

        @Override
        public CompletableFuture<Void> after(long nanos) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            timers.add(new Timer(now + nanos, done));
            return done;
        }
    }

    @Test
    void aGapSeparatesPacketsEvenWhenThePortTakesThemAtOnce() throws Exception {
        FakeExerciser port = new FakeExerciser(true);
        long gap = Duration.ofMillis(5).toNanos();
        CompletableFuture<List<Long>> left =
                new PacketGenerator(port).start(Sequence.of(PACKET).count(3).gap(Duration.ofNanos(gap)));
        assertEquals(1, port.transmitted.size(), "the second packet waits for the gap");
        port.advance(gap - 1);
        assertEquals(1, port.transmitted.size());
        port.advance(1);
        assertEquals(2, port.transmitted.size());
        port.advance(gap);
        assertEquals(List.of(0L, gap, 2 * gap), left.get());
    }

    @Test
    void withoutAGapAWindowOfPacketsIsHandedOverAndEachOneGoneMakesRoomForTheNext() throws Exception {
        FakeExerciser port = new FakeExerciser(false);
        CompletableFuture<List<Long>> left =
                new PacketGenerator(port).start(Sequence.of(PACKET).count(100));
        assertEquals(PacketGenerator.WINDOW, port.transmitted.size());
        port.pending.get(0).complete(7L);
        assertEquals(PacketGenerator.WINDOW + 1, port.transmitted.size());
        for (int i = 1; i < 100; i++) {
            port.pending.get(i).complete(7L + i);
        }
        assertEquals(100, left.get().size());
        assertEquals(
                100, port.transmitted.stream().distinct().count(), "each packet is a copy: the port keeps the array");
    }

    @Test
    void aPacketThePortCannotMarkGoesStraightOntoTheLinkAndFailsWithoutOne() throws Exception {
        FakeExerciser port = new FakeExerciser(true);
        PacketSpec ebp = PACKET.withFaults(Fault.of(Fault.Kind.EBP));
        assertEquals(1, new PacketGenerator(port).start(Sequence.of(ebp)).get().size());
        assertEquals(1, port.injected);
        assertTrue(port.transmitted.isEmpty(), "an EBP packet does not go through the port's queues");

        port.injectFailures = 1;
        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> new PacketGenerator(port).start(Sequence.of(ebp)).get());
        assertEquals(
                "packet 1 of 1 was not sent: 1: no link to put the frame on",
                e.getCause().getMessage());
    }

    @Test
    void aPacketThePortRefusesFailsTheSequenceNamingIt() {
        FakeExerciser port = new FakeExerciser(false);
        CompletableFuture<List<Long>> left =
                new PacketGenerator(port).start(Sequence.of(PACKET).count(3));
        port.pending.get(0).complete(1L);
        port.pending.get(1).completeExceptionally(new IllegalStateException("1: the port refused the packet"));
        ExecutionException e = assertThrows(ExecutionException.class, left::get);
        GeneratorException g = assertInstanceOf(GeneratorException.class, e.getCause());
        assertEquals("packet 2 of 3 was not sent: 1: the port refused the packet", g.getMessage());
    }

    @Test
    void creditsAreIgnoredForTheSequenceOnlyWhenItSaysSo() throws Exception {
        FakeExerciser port = new FakeExerciser(true);
        PacketGenerator generator = new PacketGenerator(port);
        generator.start(Sequence.of(PACKET)).get();
        assertEquals(List.of(), port.ignoreCredits);
        generator
                .start(Sequence.of(PACKET).count(2).credits(Sequence.Credits.IGNORE))
                .get();
        assertEquals(List.of(true, false), port.ignoreCredits, "ignored while it leaves, then obeyed again");
    }
}
