package dev.ibmesh.tester.catalog.c07;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.generator.Fault;

/**
 * A packet ended with EBP is discarded unanswered and counted in PortRcvRemotePhysicalErrors (TD_10.2.4.1.10 at a CA, TD_10.3.1.1.9 at a switch): a switch upstream marked it bad, so the receiver drops it and counts it in PortRcvRemotePhysicalErrors, not PortRcvErrors.
 * ({@link ReceiveCheckProcedure} has the steps).
 *
 * <p>ibmesh's own ID: the legacy exerciser tests have IDs that are no Java class names; the discard assertions are
 * theirs, the counting assertion is ibmesh's.
 */
@Cts(
        id = "C07_905_01",
        title =
                "A packet ended with EBP is discarded unanswered and counted in PortRcvRemotePhysicalErrors (TD_10.2.4.1.10, TD_10.3.1.1.9)",
        coverage = {"IBA 7.8", "C7-7", "C7-9", "IBA 16.1.3.5"},
        assertions = {"v1c07-007#02.03", "v1c07-009#02.03", "v1c07-905#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true,
        provenBy = {"accept-ebp-packets"})
public final class C07_905_01 extends ReceiveCheckProcedure {
    public C07_905_01() {
        super(
                Fault.of(Fault.Kind.EBP),
                "EBP in place of EGP",
                Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS,
                "v1c07-007#02.03",
                "v1c07-009#02.03",
                "v1c07-905#01");
    }
}
