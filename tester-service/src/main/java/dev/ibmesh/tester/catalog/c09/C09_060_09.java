package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;

/**
 * 9.7.0.1.9 RC completion rules, Atomic Compare&amp;Swap case: the DUT, as requester, must not complete an atomic
 * WQE until an ACK covering all of its request packets arrived (C9-60). The DUT posts two CmpSwap WQEs (CMP 1,
 * SWAP 0); the tester acknowledges only the first, with an Atomic ACK whose original data the first WQE must then
 * carry back; the second must stay uncompleted ({@link AtomicCompletionRules}).
 *
 * <p>Departures from the CTS text: step 6 checks the opcode the atomic requests carry (the CTS text names SEND
 * FIRST/MIDDLE/LAST, copied from the SEND case) and their AtomicETH; step 10 also checks that the original data of
 * the Atomic ACK reached the first WQE's buffer.
 */
@Cts(
        id = "C09_060_09",
        section = "9.7.0.1.9",
        title = "RC completion rules: atomic Compare & Swap completes only when an ACK covers it",
        coverage = {"v1c09-060"},
        assertions = {"v1c09-060#07"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {"Must be able to support 2 outstanding requests before requiring an ACK"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"complete-before-ack"})
public final class C09_060_09 extends AtomicCompletionRules {
    public C09_060_09() {
        super("v1c09-060#07", WrOpcode.ATOMIC_CMP_AND_SWP, 0, 1);
    }
}
