package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.transport.InboundPacket;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.List;

/**
 * What the invalid request procedures (C09_905_01, C09_905_02) share: the tester sends the DUT's responder one request
 * it must refuse; the DUT answers with a NAK "invalid request" for its PSN and completes no receive WQE with success
 * (one flushed by the QP's Error state is fine).
 */
abstract class InvalidRequestProcedure extends TransportProcedure {
    /** Long enough for a responder that took the request to complete its receive. */
    private static final Duration NO_COMPLETION = Duration.ofMillis(300);

    /** Steps {@code step} and {@code step + 1}: the NAK invalid request for {@code psn}, and no receive completed. */
    final void expectInvalidRequestNak(String a, RcChannel cc, int psn, int step) {
        step(step, "Receive the DUT's answer; Verify NAK invalid request for PSN " + psn);
        InboundPacket nak = tt().receive(a, TransportTester.PROMPT);
        check(a, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), nak.opCode().name());
        check(a, "AETH:Syndrome", "NAK " + Aeth.nakName(Aeth.NAK_INVALID_REQUEST), nak.ackKind());
        check(a, "BTH:PSN", psn, nak.psn());
        step(step + 1, "Verify no receive WQE completed with success");
        List<WorkCompletion> wcs = cc.completionsWithin(a, NO_COMPLETION);
        boolean none = wcs.stream().noneMatch(wc -> wc.getStatus() == WcStatus.SUCCESS);
        checkThat(
                a,
                "a successful receive completion",
                none,
                "none",
                none
                        ? "none"
                        : "wr_id " + wcs.get(0).getWrId() + " byte_len "
                                + wcs.get(0).getByteLen());
    }
}
