package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.InboundPacket;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.RcChannelOptions;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.List;

/**
 * Responder PSN sequence error: an RC responder that receives a request whose PSN is ahead of the one it expects
 * (an earlier request was lost) must not execute it, and answers with a NAK "PSN sequence error" carrying the PSN it
 * expects (IBA 9.7.5.1.2); the requester's go-back then delivers both in order. The ID is ibmesh's own (items 9xx
 * are ibmesh's; the compliance statement's number is not public).
 */
@Cts(
        id = "C09_901_01",
        section = "9.7.5.1.2",
        title = "Responder PSN sequence error: a request ahead of the expected PSN is NAKed, not executed",
        coverage = {"IBA 9.7.5.1.2 (responder: sequence errors)"},
        assertions = {"ibmesh-c09-901#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"accept-psn-out-of-sequence"})
public final class C09_901_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-901#01";
    private static final int SIZE = 32;
    /** Long enough for a responder that executes the out-of-order SEND to complete its receive. */
    private static final Duration NO_COMPLETION = Duration.ofMillis(500);

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT posts 2 receive WQEs");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        cc.registerMemory(2 * SIZE, new byte[0]);
        cc.postReceives(2, SIZE);
    }

    @Override
    protected void execute() {
        int first = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC SEND ONLY with PSN = expected PSN + 1 (the SEND at the expected PSN is 'lost')");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, first + 1, true, payload(2)));
        step(2, "Receive the DUT's answer");
        InboundPacket nak = tt().receive(A, TransportTester.PROMPT);
        step(3, "Verify a NAK PSN sequence error for the expected PSN");
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), nak.opCode().name());
        check(A, "AETH:Syndrome", "NAK " + Aeth.nakName(Aeth.NAK_PSN_SEQUENCE_ERROR), nak.ackKind());
        check(A, "BTH:PSN", first, nak.psn());
        step(4, "Verify the DUT did not execute the SEND: no receive completion");
        List<WorkCompletion> none = cc.completionsWithin(A, NO_COMPLETION);
        check(A, "receive completions", 0, none.size());

        step(5, "Go back: transmit the SENDs at the expected PSN and the next, in order");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, first, true, payload(1)));
        InboundPacket ack1 = tt().receive(A, TransportTester.PROMPT);
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, first + 1, true, payload(2)));
        InboundPacket ack2 = tt().receive(A, TransportTester.PROMPT);
        step(6, "Verify an ACK for each, and both receives completed in order with their data");
        check(A, "AETH:Syndrome", "ACK", ack1.ackKind());
        check(A, "BTH:PSN", first, ack1.psn());
        check(A, "AETH:Syndrome", "ACK", ack2.ackKind());
        check(A, "BTH:PSN", first + 1, ack2.psn());
        for (int i = 0; i < 2; i++) {
            WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
            check(A, "receive completion wr_id", (long) i, wc.getWrId());
            check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());
            check(A, "received data", (byte) (i + 1), cc.readDutMemory(RcChannel.MR_ADDRESS + (long) i * SIZE, 1)[0]);
        }
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private static byte[] payload(int marker) {
        return Payloads.filled(SIZE, marker);
    }
}
