package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
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

/**
 * Requester PSN sequence error NAK: a NAK "PSN sequence error" for PSN n tells the requester that the responder took
 * everything before n and expects n; the requester completes the requests before n (the NAK acknowledges them) and
 * goes back to n, retransmitting from there (go-back-N), not from its oldest request (IBA 9.7.6 [unverified]; the
 * responder half is C09_901_01). The DUT posts three SENDs; the tester NAKs the second. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_909_01",
        section = "9.7.6",
        title =
                "Requester PSN sequence error NAK: the requests before it complete, the rest are sent again from its PSN",
        coverage = {"IBA 9.7.6 (requester: NAK PSN sequence error)"},
        assertions = {"ibmesh-c09-909#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"nak-acks-nothing"})
public final class C09_909_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-909#01";
    private static final int SIZE = 32;

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) with ACK timeout 0 (infinite): only a NAK makes the DUT send again");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withAckTimeout(0));
    }

    @Override
    protected void execute() {
        int psn = RcChannel.DUT_START_PSN;
        step(1, "Register memory region for the data");
        cc.registerMemory(3 * SIZE, Payloads.filled(3 * SIZE, 0x31));
        step(2, "Post 3 RC SEND WQEs on the DUT");
        cc.postSend(send(1), send(2), send(3));
        step(3, "Receive SEND ONLY at PSN " + psn + ", " + (psn + 1) + " and " + (psn + 2));
        for (int i = 0; i < 3; i++) {
            sendOnly(psn + i);
        }
        step(4, "Transmit NAK PSN sequence error for PSN " + (psn + 1) + " (MSN 1): the second SEND was 'lost'");
        tt().send(cc.nak(psn + 1, 1, Aeth.NAK_PSN_SEQUENCE_ERROR));
        step(5, "Receive the retransmissions; Verify they start at the NAK's PSN " + (psn + 1) + ", in order");
        sendOnly(psn + 1);
        sendOnly(psn + 2);
        step(6, "Poll the DUT's CQ; Verify the first WQE, acknowledged by the NAK, completed successfully");
        completion(1);
        step(7, "Transmit ACK for PSN " + (psn + 2) + " (MSN 3); Verify the other two WQEs complete, in order");
        tt().send(cc.ack(psn + 2, 3));
        completion(2);
        completion(3);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private void sendOnly(int psn) {
        InboundPacket p = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_SEND_ONLY.name(), p.opCode().name());
        check(A, "BTH:PSN", psn, p.psn());
    }

    private void completion(long wrId) {
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "work completion wr_id", wrId, wc.getWrId());
        check(A, "work completion status", WcStatus.SUCCESS, wc.getStatus());
    }

    private SendWr send(long wrId) {
        return cc.sendWr(wrId, (int) (wrId - 1) * SIZE, SIZE)
                .setOpcode(WrOpcode.SEND)
                .build();
    }
}
