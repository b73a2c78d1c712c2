package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.Optional;

/**
 * 24.1.4.5.x M_Key lease timer "Reset 1" (IBA 14.2.4.2, C14-19): an SMP carrying the right M_Key stops the lease
 * countdown that a failed check started, so the protection does not drop when that countdown would have run out.
 *
 * <p>With M_KeyProtectBits 2 and a lease of {@value C14_017_01#LEASE} s: a SubnGet with the wrong M_Key starts the
 * countdown (step 5); the tester watches the protection for {@value #FIRST_WATCH_PERCENT}% of the lease (step 6,
 * SubnGets with the wrong M_Key, every one discarded), then sends a SubnGet with the right M_Key, which stops it
 * (step 7). The next SubnGet with the wrong M_Key starts a new countdown (step 8); the tester watches the protection
 * for {@value #SECOND_WATCH_PERCENT}% of a lease from then (step 9): past the moment the first countdown would have
 * run out, every SubnGet with the wrong M_Key must still be discarded.
 *
 * <p>The CTS's step text is not public: the steps here are ibmesh's, and so is the assertion number after the
 * compliance statement.
 */
@Cts(
        id = "C14_017_03",
        section = "24.1.4.5.3",
        title = "M_Key lease timer Reset 1: an SMP with the right M_Key stops the countdown",
        coverage = {"v1c14-019"},
        assertions = {"v1c14-019#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"m-key-lease-not-stopped"})
public final class C14_017_03 extends MKeyProcedure {
    private static final String STOPPED = "v1c14-019#01";
    private static final int FIRST_WATCH_PERCENT = 60;
    private static final int SECOND_WATCH_PERCENT = 80;

    @Override
    protected void execute() {
        performInitialSteps(STOPPED);
        step(
                4,
                "SendMad (SubnSet(PortInfo where M_KeyProtectBits = 2, M_KeyLeasePeriod = " + C14_017_01.LEASE
                        + ", M_Key = M_KEY_DUT))");
        protect(STOPPED, 2, C14_017_01.LEASE);
        long lease = C14_017_01.LEASE * 1_000_000_000L;

        step(
                5,
                "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Verify no response: the lease countdown starts");
        long started = System.nanoTime();
        Optional<MadExchange> first = wrongKeyGet(POLL);
        checkThat(STOPPED, "SubnGet(PortInfo) with the wrong M_Key", first.isEmpty(), "discarded", "answered");
        step(
                6,
                "Until " + FIRST_WATCH_PERCENT + "% of the lease has passed: SendMad (SubnGet(PortInfo where M_Key ="
                        + " wrong M_Key)); Verify each is discarded");
        discardedUntil(STOPPED, started + lease * FIRST_WATCH_PERCENT / 100);

        step(
                7,
                "SendMad (SubnGet(PortInfo where M_Key = M_KEY_DUT)); Verify M_KeyProtectBits == 2: the countdown stops");
        MadExchange right = get(STOPPED, M_KEY_DUT);
        check(STOPPED, "MADHeader:Status.Code", 0, right.statusCode());
        check(
                STOPPED,
                "SMPData.M_KeyProtectBits",
                2,
                PortInfo.decode(right.smpData(), 0).mKeyProtectBits());

        step(8, "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Verify no response: a new countdown starts");
        long restarted = System.nanoTime();
        Optional<MadExchange> again = wrongKeyGet(POLL);
        checkThat(STOPPED, "SubnGet(PortInfo) with the wrong M_Key", again.isEmpty(), "discarded", "answered");
        step(
                9,
                "Until " + SECOND_WATCH_PERCENT + "% of a lease after step 8 (past the end of the first countdown):"
                        + " SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Verify each is discarded");
        discardedUntil(STOPPED, restarted + lease * SECOND_WATCH_PERCENT / 100);
    }
}
