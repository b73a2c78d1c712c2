package dev.ibmesh.tester.catalog.c09;

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
import java.time.Duration;
import java.util.Optional;

/**
 * Requester remote access error: an RC requester whose request is answered with a NAK "remote access error" does not
 * retransmit it (the error is fatal, not a lost packet), completes the WQE with IBV_WC_REM_ACCESS_ERR, and, its QP now
 * in the Error state, flushes the WQEs after it with IBV_WC_WR_FLUSH_ERR (IBA 9.7.5.2, 10.3.1 [unverified]). The ID is
 * ibmesh's own.
 */
@Cts(
        id = "C09_904_02",
        section = "9.7.5.2",
        title = "Requester remote access error: the NAK ends the WQE in IBV_WC_REM_ACCESS_ERR, nothing is retried",
        coverage = {"IBA 9.7.5.2 (NAK remote access error at the requester)"},
        assertions = {"ibmesh-c09-904#02"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"retry-remote-access-nak"})
public final class C09_904_02 extends TransportProcedure {
    private static final String A = "ibmesh-c09-904#02";
    private static final int SIZE = 32;
    private static final int R_KEY = 0x12345;
    /** Long enough for a requester that takes the NAK for a loss to go back and retransmit. */
    private static final Duration NO_RETRY = Duration.ofMillis(300);

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) with ACK timeout 0 (infinite): only a NAK can make the DUT send again");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withAckTimeout(0));
    }

    @Override
    protected void execute() {
        int psn = RcChannel.DUT_START_PSN;
        step(1, "Register memory region for the data");
        cc.registerMemory(2 * SIZE, Payloads.filled(2 * SIZE, 0x33));
        step(2, "Post an RC RDMA WRITE WQE (R_KEY 0x12345, VA 0x999000) and a SEND WQE on the DUT");
        cc.postSend(
                cc.sendWr(1, 0, SIZE)
                        .setOpcode(WrOpcode.RDMA_WRITE)
                        .setRemoteAddr(RcChannel.MR_ADDRESS)
                        .setRkey(R_KEY)
                        .build(),
                cc.sendWr(2, SIZE, SIZE).setOpcode(WrOpcode.SEND).build());
        step(3, "Receive both requests; Verify RDMA WRITE ONLY at PSN " + psn + " and SEND ONLY at PSN " + (psn + 1));
        InboundPacket write = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_RDMA_WRITE_ONLY.name(), write.opCode().name());
        check(A, "BTH:PSN", psn, write.psn());
        InboundPacket send = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_SEND_ONLY.name(), send.opCode().name());
        check(A, "BTH:PSN", psn + 1, send.psn());

        step(4, "Transmit NAK remote access error for the WRITE (PSN " + psn + ", MSN 0)");
        tt().send(cc.nak(psn, 0, Aeth.NAK_REMOTE_ACCESS_ERROR));
        step(5, "Verify the DUT retransmits nothing");
        Optional<InboundPacket> retry = tt().receiveIfAny(A, NO_RETRY);
        checkThat(
                A,
                "a retransmission within " + NO_RETRY.toMillis() + " ms of the NAK",
                retry.isEmpty(),
                "none",
                retry.map(InboundPacket::toString).orElse("none"));
        step(6, "Poll the DUT's CQ; Verify the WRITE completed with IBV_WC_REM_ACCESS_ERR");
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "work completion wr_id", 1L, wc.getWrId());
        check(A, "work completion status", WcStatus.REM_ACCESS_ERR, wc.getStatus());
        step(7, "Verify the SEND after it completed with IBV_WC_WR_FLUSH_ERR");
        WorkCompletion flushed = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "work completion wr_id", 2L, flushed.getWrId());
        check(A, "work completion status", WcStatus.WR_FLUSH_ERR, flushed.getStatus());
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
