package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.WcOpcode;
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
import dev.ibmesh.wire.OpCode;

/**
 * Requester coalesced acknowledgement: a responder need not acknowledge every request; an ACK for PSN n acknowledges
 * every outstanding request up to n (IBA 9.7.6 [unverified]). The DUT posts three SENDs; the tester acknowledges only
 * the last PSN, and all three WQEs must complete, successfully and in the order posted (C9-60). The ID is ibmesh's
 * own.
 */
@Cts(
        id = "C09_908_01",
        section = "9.7.6",
        title = "Requester coalesced ACK: an ACK for the last PSN completes every request before it, in order",
        coverage = {"IBA 9.7.6 (requester: coalesced acknowledgements)", "v1c09-060"},
        assertions = {"ibmesh-c09-908#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"ack-covers-only-its-psn"})
public final class C09_908_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-908#01";
    private static final int SIZE = 32;
    private static final int SENDS = 3;

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) with ACK timeout 0 (infinite): only the tester's ACK completes anything");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withAckTimeout(0));
    }

    @Override
    protected void execute() {
        int psn = RcChannel.DUT_START_PSN;
        step(1, "Register memory region for the data");
        cc.registerMemory(SENDS * SIZE, Payloads.filled(SENDS * SIZE, 0x21));
        step(2, "Post " + SENDS + " RC SEND WQEs of " + SIZE + " bytes on the DUT");
        cc.postSend(send(1), send(2), send(3));
        step(3, "Receive the " + SENDS + " SEND ONLY requests, PSN " + psn + " to " + (psn + SENDS - 1));
        for (int i = 0; i < SENDS; i++) {
            InboundPacket p = tt().receive(A, TransportTester.PROMPT);
            check(A, "BTH:OpCode", OpCode.RC_SEND_ONLY.name(), p.opCode().name());
            check(A, "BTH:PSN", psn + i, p.psn());
        }
        step(4, "Transmit one ACK for the last PSN " + (psn + SENDS - 1) + " (MSN " + SENDS + ")");
        tt().send(cc.ack(psn + SENDS - 1, SENDS));
        step(5, "Poll the DUT's CQ; Verify all " + SENDS + " WQEs completed successfully, in the order posted");
        for (int i = 1; i <= SENDS; i++) {
            WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
            check(A, "work completion wr_id", (long) i, wc.getWrId());
            check(A, "work completion status", WcStatus.SUCCESS, wc.getStatus());
            check(A, "work completion opcode", WcOpcode.WC_SEND, wc.getOpcode());
        }
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private SendWr send(long wrId) {
        return cc.sendWr(wrId, (int) (wrId - 1) * SIZE, SIZE)
                .setOpcode(WrOpcode.SEND)
                .build();
    }
}
