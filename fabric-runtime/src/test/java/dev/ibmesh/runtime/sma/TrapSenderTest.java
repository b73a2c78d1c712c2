package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.time.ManualScheduler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When traps go out, how they repeat (IBA 14.2.5.1), and what TrapRepress stops. */
class TrapSenderTest {
    private static final long PERIOD = TrapSender.MIN_REPEAT_NANOS;
    private static final PortInfo CONFIGURED = PortInfo.builder()
            .lid(9)
            .masterSmLid(1)
            .capabilityMask(PortInfo.CAP_IS_TRAP_SUPPORTED)
            .subnetTimeOut(0)
            .build();
    private final ManualScheduler clock = new ManualScheduler();
    private final List<Mad> wire = new ArrayList<>();
    private final TrapNotices notices = new TrapNotices(NodeInfo.NODE_TYPE_SWITCH);

    private static Mad repress(Mad trap) {
        Smp t = Smp.decode(trap);
        MadHeader h = t.header().withMethod(Method.TRAP_REPRESS);
        return Smp.of(h, 0, t.data()).encode();
    }

    @Test
    void nothingGoesOutBeforeTheSmConfiguredThePort() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add);
        assertFalse(sender.raise(
                notices.linkStateChange(9),
                CONFIGURED.toBuilder().masterSmLid(0).build()));
        assertFalse(sender.raise(
                notices.linkStateChange(0), CONFIGURED.toBuilder().lid(0).build()));
        assertFalse(
                sender.raise(
                        notices.linkStateChange(9),
                        CONFIGURED.toBuilder().capabilityMask(0).build()),
                "IsTrapSupported clear");
        assertTrue(wire.isEmpty());
    }

    @Test
    void aTrapRepeatsUntilRepressed() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add);
        assertTrue(sender.raise(notices.linkStateChange(9), CONFIGURED));
        clock.advance(PERIOD);
        clock.advance(PERIOD);
        assertEquals(3, wire.size());
        assertEquals(wire.get(0).header().transactionId(), wire.get(2).header().transactionId());
        assertTrue(sender.onTrapRepress(repress(wire.get(0))));
        clock.advance(5 * PERIOD);
        assertEquals(3, wire.size(), "repressed");
        assertEquals(0, sender.outstanding());
    }

    @Test
    void trapsOfDifferentNumbersRepeatSideBySide() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add);
        sender.raise(notices.linkStateChange(9), CONFIGURED);
        sender.raise(notices.portError(Notice.TRAP_LINK_INTEGRITY_THRESHOLD, 9, 2), CONFIGURED);
        assertEquals(2, sender.outstanding());
        sender.onTrapRepress(repress(wire.get(1)));
        wire.clear();
        clock.advance(PERIOD);
        assertEquals(1, wire.size());
        assertEquals(
                Notice.TRAP_LINK_STATE_CHANGE,
                Notice.decodeSmp(Smp.decode(wire.get(0)).data(), 0).trapNumber(),
                "trap 128 was not repressed and goes on");
    }

    @Test
    void aNewerTrapOfTheSameNumberReplacesTheOlder() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add);
        sender.raise(notices.linkStateChange(9), CONFIGURED);
        sender.raise(notices.linkStateChange(9), CONFIGURED);
        assertEquals(1, sender.outstanding());
        wire.clear();
        clock.advance(PERIOD);
        assertEquals(1, wire.size(), "only the newer one repeats");
    }

    @Test
    void aDeviatingSenderKeepsRepeatingAfterTrapRepress() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add, false);
        sender.raise(notices.linkStateChange(9), CONFIGURED);
        assertTrue(sender.onTrapRepress(repress(wire.get(0))), "still taken as a TrapRepress");
        clock.advance(PERIOD);
        assertEquals(2, wire.size());
    }

    @Test
    void otherSmpsAreNoTrapRepress() {
        TrapSender sender = new TrapSender("test/1", clock, wire::add);
        sender.raise(notices.linkStateChange(9), CONFIGURED);
        Smp trap = Smp.decode(wire.get(0));
        assertFalse(sender.onTrapRepress(
                Smp.of(trap.header().withMethod(Method.GET), 0, trap.data()).encode()));
    }
}
