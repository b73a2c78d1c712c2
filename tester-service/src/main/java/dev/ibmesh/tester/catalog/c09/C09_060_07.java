package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;

/**
 * 9.7.0.1.7 RC completion rules, Atomic Fetch&amp;Add case: the DUT, as requester, must not complete an atomic WQE
 * until an ACK covering it arrived (C9-60). The DUT posts two Fetch&amp;Add WQEs (ADD 1); the tester acknowledges
 * only the first, with an Atomic ACK whose original data the first WQE must carry back; the second must stay
 * uncompleted ({@link AtomicCompletionRules}, the same steps as C09_060_09).
 */
@Cts(
        id = "C09_060_07",
        section = "9.7.0.1.7",
        title = "RC completion rules: atomic Fetch & Add completes only when an ACK covers it",
        coverage = {"v1c09-060"},
        assertions = {"v1c09-060#07"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {"Must be able to support 2 outstanding requests before requiring an ACK"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"complete-before-ack"})
public final class C09_060_07 extends AtomicCompletionRules {
    public C09_060_07() {
        super("v1c09-060#07", WrOpcode.ATOMIC_FETCH_AND_ADD, 1, 0);
    }
}
