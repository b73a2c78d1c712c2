package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TxCreditsTest {
    private final TxCredits tx = new TxCredits();

    @Test
    void noCreditBeforeTheFirstFlowControlPacket() {
        assertEquals(0, tx.available());
        assertFalse(tx.canSend(1));
    }

    @Test
    void stallsAtExactlyTheAdvertisedLimitAndResumesAfterAnUpdate() {
        tx.onFlowControl(100);
        int sent = 0;
        while (tx.canSend(10)) {
            tx.consume(10);
            sent++;
        }
        assertEquals(10, sent);
        assertEquals(100, tx.fctbs());
        assertEquals(0, tx.available());
        assertFalse(tx.canSend(1));

        tx.onFlowControl(125);
        assertTrue(tx.canSend(25));
        assertFalse(tx.canSend(26));
    }

    @Test
    void creditArithmeticWrapsAt4096() {
        tx.consume(4090);
        tx.onFlowControl(4); // FCCL past the wrap: 4090 + 10 = 4100 = 4 mod 4096
        assertEquals(10, tx.available());
        assertTrue(tx.canSend(10));
        assertFalse(tx.canSend(11));

        tx.consume(10);
        assertEquals(4, tx.fctbs());
        assertEquals(0, tx.available());
        assertFalse(tx.canSend(1));
    }

    @Test
    void aDifferenceOf2048IsFullCreditAndAboveItIsNone() {
        tx.onFlowControl(2048);
        assertEquals(2048, tx.available());
        assertTrue(tx.canSend(66));

        tx.onFlowControl(2049);
        assertEquals(0, tx.available(), "(FCCL - FCTBS) mod 4096 above 2048 means no credit");
        assertFalse(tx.canSend(1));
    }

    @Test
    void ignoringCreditsSendsAnywayButStillCountsFctbs() {
        tx.ignoreCredits(true);
        assertTrue(tx.canSend(66));
        tx.consume(66);
        tx.consume(34);
        assertEquals(100, tx.fctbs());

        tx.ignoreCredits(false);
        assertEquals(0, tx.available(), "FCTBS is 100 past FCCL 0: the difference 3996 is no credit");
        assertFalse(tx.canSend(1));
        tx.onFlowControl(110);
        assertEquals(10, tx.available());
    }

    @Test
    void resetReturnsToLinkInitialisation() {
        tx.onFlowControl(50);
        tx.consume(20);
        tx.reset();
        assertEquals(0, tx.fctbs());
        assertEquals(0, tx.fccl());
        assertFalse(tx.canSend(1));
    }
}
