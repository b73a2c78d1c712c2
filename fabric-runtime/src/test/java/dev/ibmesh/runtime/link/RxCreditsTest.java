package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RxCreditsTest {
    @Test
    void advertisesTheWholeBufferWhenItIsBelow2048() {
        RxCredits rx = new RxCredits(100, 8);
        assertEquals(100, rx.fccl());
    }

    @Test
    void capsTheAdvertisedCreditAt2048() {
        RxCredits rx = new RxCredits(5000, 8);
        assertEquals(2048, rx.fccl());
        rx.onFlowControlPacket(3000);
        assertEquals((3000 + 2048) % 4096, rx.fccl());
        assertTrue(rx.onPacket(66));
        assertEquals((3066 + 2048) % 4096, rx.fccl(), "4934 blocks still free: the limit moves with ABR");
    }

    @Test
    void acceptedPacketsAdvanceAbrAndFillTheBuffer() {
        RxCredits rx = new RxCredits(100, 8);
        assertTrue(rx.onPacket(30));
        assertEquals(30, rx.abr());
        assertEquals(70, rx.freeBlocks());
        assertEquals(100, rx.fccl(), "ABR 30 + 70 free");
    }

    @Test
    void anOverrunIsRejectedAndLeavesAbrAlone() {
        RxCredits rx = new RxCredits(10, 4);
        assertTrue(rx.onPacket(8));
        assertFalse(rx.onPacket(3));
        assertEquals(8, rx.abr());
        assertEquals(8, rx.usedBlocks());

        rx.release(8);
        assertEquals(18, rx.fccl());
        // The sender's next flow-control packet says it sent 11 blocks: ABR takes it, covering the 3 dropped.
        rx.onFlowControlPacket(11);
        assertEquals(21, rx.fccl());
    }

    @Test
    void abrWrapsAt4096() {
        RxCredits rx = new RxCredits(100, 8);
        rx.onFlowControlPacket(4090);
        assertTrue(rx.onPacket(10));
        assertEquals(4, rx.abr());
        assertEquals(4 + 90, rx.fccl());
    }

    @Test
    void releaseCannotFreeMoreThanIsUsed() {
        RxCredits rx = new RxCredits(100, 8);
        rx.onPacket(5);
        assertThrows(IllegalArgumentException.class, () -> rx.release(6));
    }

    @Test
    void anUpdateIsDueOnceTheLimitMovedByTheThreshold() {
        RxCredits rx = new RxCredits(2000, 16);
        assertTrue(rx.updateDue(), "nothing advertised yet");
        assertEquals(2000, rx.advertise());
        assertFalse(rx.updateDue());

        rx.onPacket(40);
        rx.release(10);
        assertFalse(rx.updateDue(), "moved by 10 and the sender still holds 1960 blocks");
        rx.release(6);
        assertTrue(rx.updateDue(), "moved by 16");
        rx.advertise();
        assertFalse(rx.updateDue());
    }

    @Test
    void anySmallMoveIsDueWhileTheSenderIsShortOfCredit() {
        RxCredits rx = new RxCredits(20, 16);
        rx.advertise();
        rx.onPacket(10);
        rx.onPacket(6);
        assertFalse(rx.updateDue(), "nothing released: the limit has not moved");
        rx.release(1);
        assertTrue(rx.updateDue(), "the sender can hold at most 4 blocks, below the threshold");
    }

    @Test
    void aLimitThatMovedBackIsDueAtOnce() {
        RxCredits rx = new RxCredits(100, 16);
        rx.onFlowControlPacket(500);
        rx.advertise();
        rx.onFlowControlPacket(0); // the peer's transmitter restarted
        assertTrue(rx.updateDue());
    }

    @Test
    void resetEmptiesTheBufferAndZeroesAbr() {
        RxCredits rx = new RxCredits(100, 8);
        rx.onPacket(50);
        rx.advertise();
        rx.reset();
        assertEquals(0, rx.abr());
        assertEquals(100, rx.freeBlocks());
        assertTrue(rx.updateDue());
    }
}
