package dev.ibmesh.tester.catalog.c07;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.generator.Fault;

/**
 * A packet with a bad ICRC is discarded unanswered and counted in PortRcvErrors (TD_10.2.4.1.2 at a CA, TD_10.3.1.1.2 at a switch): the packet's destination (a CA port, a switch's port 0) checks the ICRC, and counts a bad one as a local physical error in PortRcvErrors of the port it came in by.
 * ({@link ReceiveCheckProcedure} has the steps).
 *
 * <p>ibmesh's own ID: the legacy exerciser tests have IDs that are no Java class names; the discard assertions are
 * theirs, the counting assertion is ibmesh's.
 */
@Cts(
        id = "C07_902_01",
        title =
                "A packet with a bad ICRC is discarded unanswered and counted in PortRcvErrors (TD_10.2.4.1.2, TD_10.3.1.1.2)",
        coverage = {"IBA 7.8", "C7-7", "C7-9", "IBA 16.1.3.5"},
        assertions = {"v1c07-007#01.02", "v1c07-009#01.02", "v1c07-902#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true,
        provenBy = {"no-icrc-check"})
public final class C07_902_01 extends ReceiveCheckProcedure {
    public C07_902_01() {
        super(
                Fault.of(Fault.Kind.BAD_ICRC),
                "a bad ICRC",
                Counter.PORT_RCV_ERRORS,
                "v1c07-007#01.02",
                "v1c07-009#01.02",
                "v1c07-902#01");
    }
}
