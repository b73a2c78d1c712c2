package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.Optional;

/**
 * 24.1.4.5.5 Lease period component = 0 means the timer never expires (IBA 14.2.4.2, C14-21): with M_KeyLeasePeriod 0
 * a failed M_Key check starts no countdown, and M_KeyProtectBits stay as the SM set them.
 *
 * <p>"Never" is checked over a bounded time: {@value #WATCH_SECONDS} s, twice the shortest lease there is. With
 * M_KeyProtectBits 2, a SubnGet with the wrong M_Key fails the check (step 5); the tester then watches the protection
 * for that long (step 6): every SubnGet with the wrong M_Key must be discarded; the right M_Key still reads
 * M_KeyProtectBits 2 (step 7).
 *
 * <p>The CTS's step text is not public: the steps here are ibmesh's, and so is the assertion number after the
 * compliance statement.
 */
@Cts(
        id = "C14_017_05",
        section = "24.1.4.5.5",
        title = "M_KeyLeasePeriod 0: the lease timer never expires",
        coverage = {"v1c14-021"},
        assertions = {"v1c14-021#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"zero-m-key-lease-expires"})
public final class C14_017_05 extends MKeyProcedure {
    private static final String NEVER = "v1c14-021#01";
    private static final int WATCH_SECONDS = 2 * C14_017_01.LEASE;

    @Override
    protected void execute() {
        performInitialSteps(NEVER);
        step(4, "SendMad (SubnSet(PortInfo where M_KeyProtectBits = 2, M_KeyLeasePeriod = 0, M_Key = M_KEY_DUT))");
        protect(NEVER, 2, 0);

        step(5, "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Verify no response: the check fails");
        long started = System.nanoTime();
        Optional<MadExchange> first = wrongKeyGet(POLL);
        checkThat(NEVER, "SubnGet(PortInfo) with the wrong M_Key", first.isEmpty(), "discarded", "answered");
        step(
                6,
                "For " + WATCH_SECONDS + " s: SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)); Verify each is"
                        + " discarded");
        discardedUntil(NEVER, started + WATCH_SECONDS * 1_000_000_000L);

        step(7, "SendMad (SubnGet(PortInfo where M_Key = M_KEY_DUT)); Verify SMPData.M_KeyProtectBits == 2");
        MadExchange right = get(NEVER, M_KEY_DUT);
        check(NEVER, "MADHeader:Status.Code", 0, right.statusCode());
        check(
                NEVER,
                "SMPData.M_KeyProtectBits",
                2,
                PortInfo.decode(right.smpData(), 0).mKeyProtectBits());
    }
}
