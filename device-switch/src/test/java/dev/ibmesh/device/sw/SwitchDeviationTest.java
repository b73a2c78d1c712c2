package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each switch deviation breaks its rule, seen from an SM: the same exchange that a compliant switch answers as the
 * spec says goes the other way on the deviating one. Fabric: {@link ManagedFabric}, sm - s1 - s2, with s1 started
 * with the deviation.
 */
class SwitchDeviationTest {
    @Test
    void acceptReservedLinkWidthEnabled() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f =
                    new ManagedFabric(deviating ? List.of("accept-reserved-link-width-enabled") : List.of())) {
                DrSmp answer = f.setPortInfoAnswer(
                        1, p -> p.toBuilder().linkWidthEnabled(8).build()); // 12x
                assertEquals(
                        deviating ? 0 : MadStatus.ofCode(MadStatus.CODE_INVALID_FIELD),
                        answer.status(),
                        "12x is not in LinkWidthSupported");
                assertEquals(
                        deviating ? 8 : 3, PortInfo.decode(answer.data(), 0).linkWidthEnabled());
            }
        }
    }

    @Test
    void ignoreMKey() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("ignore-m-key") : List.of())) {
                f.configureS1();
                f.setPortInfo(
                        0, p -> p.toBuilder().mKey(0xCAFE).mKeyProtectBits(2).build());
                f.sendDr(DrSmp.outbound(
                        Method.SET,
                        3,
                        NodeDescription.ATTRIBUTE_ID,
                        0,
                        0xBAD,
                        NodeDescription.of("taken over").toBytes(),
                        1));
                f.flushQp0(0xCAFE);
                assertEquals(
                        deviating ? 1 : 0,
                        f.smps(MgmtClass.SUBN_DIRECTED_ROUTE).size(),
                        deviating ? "the deviating switch obeys a wrong M_Key" : "a wrong M_Key gets no answer");
            }
        }
    }

    @Test
    void noDrReturnPath() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("no-dr-return-path") : List.of())) {
                long fromS2 = onLoop(f.s1, () -> f.s1.port(2).counters().value(Counter.PORT_RCV_PKTS));
                f.sendDr(DrSmp.outbound(Method.GET, 4, NodeDescription.ATTRIBUTE_ID, 0, 0, new byte[0], 1, 2));
                // s2's answer reaches s1, which sends it on to the SM (before the marker's) or cannot.
                await(
                        "s2's answer at s1",
                        () -> onLoop(f.s1, () -> f.s1.port(2).counters().value(Counter.PORT_RCV_PKTS)) == fromS2 + 1);
                f.flushQp0(0);
                assertEquals(
                        deviating ? 0 : 1,
                        f.smps(MgmtClass.SUBN_DIRECTED_ROUTE).size(),
                        deviating ? "s2's answer cannot find its way back through s1" : "s2 answers through s1");
            }
        }
    }

    @Test
    void forwardBeyondLftTop() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("forward-beyond-lft-top") : List.of())) {
                onLoop(f.s1, () -> {
                    f.s1.tables().setRoute(50, 2); // a stale entry above LinearFDBTop
                    f.s1.tables().linearFdbTop(20);
                    return null;
                });
                f.sendFrame(PacketBuilder.iba(
                                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 50, 1),
                                Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 3, false, 0))
                        .payload(new byte[8])
                        .build());
                await(
                        "s1 decided",
                        () -> onLoop(
                                        f.s1,
                                        () -> f.s1.relayed()
                                                + f.s1.port(1).counters().value(Counter.PORT_RCV_SWITCH_RELAY_ERRORS))
                                == 1);
                assertEquals(
                        deviating ? 1 : 0,
                        onLoop(f.s1, f.s1::relayed),
                        deviating
                                ? "the deviating switch uses the entry"
                                : "IBA 18.2.4.3: above LinearFDBTop is no route");
            }
        }
    }

    @Test
    void pmaCountersWrap() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("pma-counters-wrap") : List.of())) {
                f.configureS1();
                onLoop(f.s1, () -> {
                    f.s1.port(2).counters().add(Counter.SYMBOL_ERROR_COUNTER, 0x1_0003);
                    return null;
                });
                assertEquals(
                        deviating ? 3 : 0xFFFF,
                        f.pma(Method.GET, 2, 0).symbolErrorCounter(),
                        deviating ? "wrapped" : "IBA 16.1.3.5: stops at all ones");
            }
        }
    }

    @Test
    void pmaIgnoreCounterSelect() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("pma-ignore-counter-select") : List.of())) {
                f.configureS1();
                onLoop(f.s1, () -> {
                    f.s1.port(2).counters().add(Counter.SYMBOL_ERROR_COUNTER, 7);
                    f.s1.port(2).counters().add(Counter.LINK_DOWNED_COUNTER, 2);
                    return null;
                });
                PortCounters after = f.pma(Method.SET, 2, PortCounters.SELECT_SYMBOL_ERROR_COUNTER);
                assertEquals(0, after.symbolErrorCounter());
                assertEquals(
                        deviating ? 0 : 2,
                        after.linkDownedCounter(),
                        deviating ? "cleared though not selected" : "IBA 16.1.3.5: only the selected counters clear");
            }
        }
    }

    @Test
    void trapIgnoresRepress() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("trap-ignores-repress") : List.of())) {
                f.configureS1();
                onLoop(f.sm, () -> {
                    f.sm.received.clear();
                    return null;
                });
                onLoop(f.s1, () -> {
                    f.s1.port(2).disable();
                    return null;
                });
                f.awaitTrap(Notice.TRAP_LINK_STATE_CHANGE);
                f.repressFirstTrap();
                f.flushQp0(0); // s1 has taken the TrapRepress
                long after = onLoop(f.s1, f.s1::trapsSent);
                f.advanceS1(TimeUnit.MILLISECONDS.toNanos(400)); // four repeat periods
                long more = onLoop(f.s1, f.s1::trapsSent) - after;
                if (deviating) {
                    assertTrue(more >= 2, "still repeating: " + more);
                } else {
                    assertEquals(0, more, "repressed");
                }
            }
        }
    }

    @Test
    void ignoreGsiKeys() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            try (ManagedFabric f = new ManagedFabric(deviating ? List.of("ignore-gsi-keys") : List.of())) {
                f.configureS1();
                f.sendFrame(
                        ManagedFabric.gmpToS1(0x8123, Deth.GSI_Q_KEY, ManagedFabric.portCounters(Method.GET, 1, 0)));
                f.flushQp1();
                assertEquals(
                        deviating ? 1 : 0,
                        f.gmps().size(),
                        deviating ? "the PMA answers a foreign partition" : "dropped at QP1 (IBA 10.9.3)");
                assertEquals(
                        deviating ? 0 : 1,
                        onLoop(f.s1, () -> f.s1.smaNode().portInfo(0)).pKeyViolations());
            }
        }
    }
}
