package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.Optional;

/**
 * 24.1.4.5.1 M_Key lease period timer counts down to zero (IBA 14.2.4.2, C14-17, C14-20): an SMP that fails the M_Key
 * check starts the M_KeyLeasePeriod countdown; when it reaches zero with no SMP carrying the right M_Key in between,
 * M_KeyProtectBits go back to 0, so that another SM can take the node over.
 *
 * <p>The lease is {@value #LEASE} s, the shortest there is, so the run stays short. With M_KeyProtectBits 2, a SubnGet
 * with the wrong M_Key is discarded (step 5) and starts the countdown; the tester then sends the same SubnGet, each
 * discarded one after {@link #POLL}, until one is answered (step 6): no earlier than the lease after step 5, and no
 * later than the lease plus the DUT's response time. Polling with the wrong M_Key never stops the countdown (only
 * the right M_Key does, C14-19), and a violation during a countdown does not restart it.
 *
 * <p>The CTS's step text is not public (its base {@code C14_017} holds M_KEY_DUT, PROTECT_BITS and LEASE_PERIOD): the
 * steps here are ibmesh's, and so are the assertion numbers after the compliance statements.
 */
@Cts(
        id = "C14_017_01",
        section = "24.1.4.5.1",
        title = "M_Key lease period timer counts down to zero and M_KeyProtectBits go back to 0",
        coverage = {"v1c14-017", "v1c14-020"},
        assertions = {"v1c14-017#01", "v1c14-020#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"m-key-lease-never-expires"})
public final class C14_017_01 extends MKeyProcedure {
    private static final String COUNTDOWN = "v1c14-017#01";
    private static final String PROTECTION_OFF = "v1c14-020#01";
    /** LEASE_PERIOD, in seconds. */
    static final int LEASE = 1;

    @Override
    protected void execute() {
        performInitialSteps(COUNTDOWN);
        step(
                4,
                "SendMad (SubnSet(PortInfo where M_KeyProtectBits = 2, M_KeyLeasePeriod = " + LEASE + ", M_Key ="
                        + " M_KEY_DUT))");
        protect(COUNTDOWN, 2, LEASE);

        step(
                5,
                "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Start TIMER1; Verify no response: the check"
                        + " fails and the lease countdown starts");
        long started = System.nanoTime();
        Optional<MadExchange> first = wrongKeyGet(POLL);
        checkThat(COUNTDOWN, "SubnGet(PortInfo) with the wrong M_Key", first.isEmpty(), "discarded", "answered");

        step(
                6,
                "Repeat SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)) until ReceiveMad (SubnGetResp(PortInfo));"
                        + " Stop TIMER1; Verify " + LEASE + " s <= TIMER1 <= " + LEASE
                        + " s + the DUT's response time");
        long leaseNanos = LEASE * 1_000_000_000L;
        long deadline = started + leaseNanos + mad().timeout().toNanos();
        Optional<MadExchange> answered = Optional.empty();
        while (answered.isEmpty() && deadline - System.nanoTime() > 0) {
            answered = wrongKeyGet(POLL);
        }
        long timer = System.nanoTime() - started;
        checkThat(
                COUNTDOWN,
                "a SubnGet(PortInfo) with the wrong M_Key answered once the lease ran out",
                answered.isPresent(),
                "answered within " + millis(leaseNanos + mad().timeout().toNanos()) + " ms",
                "every one discarded for " + millis(timer) + " ms");
        checkThat(
                COUNTDOWN,
                "TIMER1: the lease ran its whole period",
                timer >= leaseNanos,
                ">= " + millis(leaseNanos) + " ms",
                millis(timer) + " ms");

        step(7, "Verify SMPData.M_KeyProtectBits == 0 and SMPData.M_Key == M_KEY_DUT (level 0 shows it)");
        MadExchange get = answered.orElseThrow();
        mad().verifyResponse(PROTECTION_OFF, get);
        PortInfo now = PortInfo.decode(get.smpData(), 0);
        check(PROTECTION_OFF, "SMPData.M_KeyProtectBits", 0, now.mKeyProtectBits());
        check(PROTECTION_OFF, "SMPData.M_Key", hex(M_KEY_DUT), hex(now.mKey()));
    }

    static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
