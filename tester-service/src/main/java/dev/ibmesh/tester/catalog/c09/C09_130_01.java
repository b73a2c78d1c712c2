package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Matrix;
import dev.ibmesh.tester.engine.Param;
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
 * 9.7.5.2.8.1 Requester/responder RNR NAK behaviour: an RC requester that receives an RNR NAK waits at least the
 * time the NAK's timer code names before it retries (C9-130), and once its RNR retry count is used up it completes
 * the WQE with IBV_WC_RNR_RETRY_EXC_ERR.
 *
 * <p>The wait is measured from the trace: from the frame of the tester's RNR NAK leaving to the frame of the DUT's
 * retry arriving, which is never shorter than what the DUT itself waited. The CTS text runs timer code 31 (491.52
 * ms); the {@code rnrTimer} parameter runs the same check for other codes.
 *
 * <p>The CTS text stops after one NAK and expects the error completion at step 10, which needs the retry count to
 * run out: with RNR retry count 1 (its initialization) the DUT retries once. So step 9 receives that retry, checks
 * its PSN and its delay, and NAKs it again; step 10 then expects the error.
 */
@Cts(
        id = "C09_130_01",
        section = "9.7.5.2.8.1",
        title = "Requester/responder RNR NAK behaviour: the requester waits the RNR timer, then RNR retries run out",
        coverage = {"v1c09-130"},
        assertions = {"v1c09-130#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR})
@Matrix(
        @Param(
                name = "rnrTimer",
                values = {"31", "14", "20", "26"},
                description = "the RNR NAK's timer code (IBA table 45: 31 = 491.52 ms, 14 = 1.28 ms, 20 = 10.24 ms,"
                        + " 26 = 81.92 ms)"))
public final class C09_130_01 extends TransportProcedure {
    private static final String A = "v1c09-130#01";

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) // (reliable connection)");
        note("2. Set QP RNR Retry Count = 1");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withRnrRetry(1).withAckTimeout(0));
    }

    @Override
    protected void execute() {
        int timerCode = ctx().intParam("rnrTimer");
        long timerNanos = Aeth.rnrTimerNanos(timerCode);
        Duration patience = Duration.ofNanos(timerNanos).plus(TransportTester.MARGIN);

        step(1, "Register memory region for receiving remote packets");
        cc.registerMemory(cc.pmtuBytes(), new byte[0]);
        step(2, "Post one receive request for each expected packet from DUT");
        note("the tester takes every packet of the DUT's QP off its port; nothing to post");
        step(3, "Transmit 1 RC SEND ONLY WQE from DUT at size (PMTU)");
        cc.postSend(cc.sendWr(1, 0, cc.pmtuBytes()).setOpcode(WrOpcode.SEND).build());

        step(4, "Receive all expected packets");
        InboundPacket send = tt().receive(A, TransportTester.PROMPT);
        step(5, "Verify the packet was received and was valid");
        step(6, "Verify the message contained the packet with opcode Send Only and the correct PSN");
        check(A, "BTH:OpCode", OpCode.RC_SEND_ONLY.name(), send.opCode().name());
        check(A, "BTH:PSN", RcChannel.DUT_START_PSN, send.psn());

        step(7, "Transmit RNR NAK packet to NAK the Send Only request (MSN = 1), timer code " + timerCode);
        long nakLeft = tt().send(cc.rnrNak(RcChannel.DUT_START_PSN, 1, timerCode));

        step(8, "Poll for completion of Send Only message on DUT's send queue");
        List<WorkCompletion> early = cc.pollDut(4);
        step(9, "Verify there is no work completion dequeued from the send queue");
        check(A, "work completions dequeued", 0, early.size());
        InboundPacket retry = tt().receive(A, patience);
        check(
                A,
                "BTH:OpCode of the retry",
                OpCode.RC_SEND_ONLY.name(),
                retry.opCode().name());
        check(A, "BTH:PSN of the retry", RcChannel.DUT_START_PSN, retry.psn());
        long waited = retry.nanos() - nakLeft;
        checkThat(
                A,
                "time from the RNR NAK (frame sent) to the retry (frame " + retry.frame() + ")",
                waited >= timerNanos,
                "at least " + millis(timerNanos),
                millis(waited));
        note("the retry uses the RNR retry count of 1: NAK it again");
        tt().send(cc.rnrNak(RcChannel.DUT_START_PSN, 1, timerCode));

        step(10, "Verify that the DUT throws the IBV_WC_RNR_RETRY_EXEC_ERR error");
        WorkCompletion wc = cc.awaitCompletion(A, patience);
        check(A, "work completion status", WcStatus.RNR_RETRY_EXC_ERR, wc.getStatus());
        check(A, "work completion wr_id", 1L, wc.getWrId());
        checkThat(
                A,
                "no further retry after the RNR retry count is used up",
                tt().receiveIfAny(A, Duration.ofNanos(timerNanos)).isEmpty(),
                "none",
                "a retry");
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("11. CloseRcChannel(CC)");
            cc.close();
        }
    }

    static String millis(long nanos) {
        return String.format("%.3f ms", nanos / 1e6);
    }
}
