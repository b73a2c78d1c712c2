package dev.ibmesh.tester.catalog.c07;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.generator.Fault;

/**
 * A packet whose LRH.PktLen is its true length + 1 is discarded unanswered and counted in PortRcvErrors (the exerciser test BadPktLen): PktLen must match the length received, and a malformed data packet is counted in PortRcvErrors.
 * ({@link ReceiveCheckProcedure} has the steps).
 *
 * <p>ibmesh's own ID: the legacy exerciser tests have IDs that are no Java class names; the discard assertions are
 * theirs, the counting assertion is ibmesh's.
 */
@Cts(
        id = "C07_904_01",
        title =
                "A packet whose LRH.PktLen is its true length + 1 is discarded unanswered and counted in PortRcvErrors (BadPktLen)",
        coverage = {"IBA 7.8", "C7-7", "C7-9", "IBA 16.1.3.5"},
        assertions = {"v1c07-007#01.04", "v1c07-009#01.04", "v1c07-904#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true,
        provenBy = {"no-pktlen-check"})
public final class C07_904_01 extends ReceiveCheckProcedure {
    public C07_904_01() {
        super(
                Fault.of(Fault.Kind.PKTLEN),
                "LRH.PktLen one word more than the packet",
                Counter.PORT_RCV_ERRORS,
                "v1c07-007#01.04",
                "v1c07-009#01.04",
                "v1c07-904#01");
    }
}
