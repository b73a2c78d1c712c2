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
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.Optional;

/**
 * 9.7.6.1.3.4 Outstanding request timeout: an RC requester whose request is not answered retransmits it when its
 * local ACK timer (4.096 us x 2^timeout) expires (C9-142), at most retry_cnt times, and then completes the WQE with
 * IBV_WC_RETRY_EXC_ERR (C9-143). The tester drops the DUT's RDMA READ request and every retransmission of it.
 *
 * <p>The ACK timeout code is 13 (33.55 ms) and the retry count 3, so the procedure takes some 140 ms of timeouts.
 * The retransmissions' delays are measured on the trace's clock from the moment the tester posts the WQE, which is
 * before the DUT can send its request, to the arrival of the last retransmission, which is after the DUT sent it: on
 * a loaded host the arrival of a single frame can lag by milliseconds, but this span never falls short of the DUT's
 * three timeouts.
 */
@Cts(
        id = "C09_142_01",
        section = "9.7.6.1.3.4",
        title = "Outstanding request timeout: the retry counter and the ACK timeout end in IBV_WC_RETRY_EXC_ERR",
        coverage = {"v1c09-142", "v1c09-143"},
        assertions = {"v1c09-142#01", "v1c09-143#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {"Must not support APM (no alternate path to fail over to)"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"ignore-retry-count"})
public final class C09_142_01 extends TransportProcedure {
    private static final String TIMEOUT = "v1c09-142#01";
    private static final String RETRIES = "v1c09-143#01";
    private static final int ACK_TIMEOUT = 13;
    private static final int RETRY_COUNT = 3;
    private static final int R_KEY = 0x12345;
    private static final int LENGTH = 64;
    private static final Duration SILENCE_MARGIN = Duration.ofMillis(200);
    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) // (reliable connection)");
        note("2. Set QP ACK timeout = " + ACK_TIMEOUT + " and retry count = " + RETRY_COUNT);
        cc = tt().openRcChannel(
                        RcChannelOptions.DEFAULT.withAckTimeout(ACK_TIMEOUT).withRetryCount(RETRY_COUNT));
    }

    @Override
    protected void execute() {
        long timeoutNanos = 4096L << ACK_TIMEOUT;
        // A timer may run late, never early; 4 x the timeout and the margin is what the tester grants.
        Duration patience = Duration.ofNanos(4 * timeoutNanos).plus(TransportTester.MARGIN);
        // Enough for a DUT that keeps retrying to show it several times over.
        Duration silence = Duration.ofNanos(4 * timeoutNanos).plus(SILENCE_MARGIN);

        step(1, "Register memory region for the read data");
        cc.registerMemory(LENGTH, new byte[0]);
        step(2, "Transmit 1 RC RDMA READ WQE from DUT (" + LENGTH + " bytes, R_KEY 0x12345, VA 0x999000)");
        long posted = ctx().bench().trace().now();
        cc.postSend(cc.sendWr(1, 0, LENGTH)
                .setOpcode(WrOpcode.RDMA_READ)
                .setRemoteAddr(RcChannel.MR_ADDRESS)
                .setRkey(R_KEY)
                .build());
        step(3, "Receive the RDMA READ request; drop it (no response)");
        InboundPacket last = request(TransportTester.PROMPT, TIMEOUT);
        for (int retry = 1; retry <= RETRY_COUNT; retry++) {
            step(
                    3 + retry,
                    "Receive retransmission " + retry + " of " + RETRY_COUNT + "; Verify the same PSN; drop it");
            last = request(patience, TIMEOUT);
        }
        long span = last.nanos() - posted;
        long least = RETRY_COUNT * timeoutNanos;
        checkThat(
                TIMEOUT,
                "time from posting the WQE to retransmission " + RETRY_COUNT + " (frame " + last.frame() + ")",
                span >= least,
                "at least " + C09_130_01.millis(least) + " (" + RETRY_COUNT + " ACK timeouts)",
                C09_130_01.millis(span));

        step(4 + RETRY_COUNT, "Verify the DUT sends no further retransmission once the retry count is used up");
        Optional<InboundPacket> extra = tt().receiveIfAny(RETRIES, silence);
        checkThat(
                RETRIES,
                "a retransmission beyond the retry count within " + silence.toMillis() + " ms",
                extra.isEmpty(),
                "none",
                extra.map(InboundPacket::toString).orElse("none"));

        step(5 + RETRY_COUNT, "Poll the DUT's CQ; Verify the WQE completed with IBV_WC_RETRY_EXC_ERR");
        WorkCompletion wc = cc.awaitCompletion(RETRIES, TransportTester.PROMPT);
        check(RETRIES, "work completion wr_id", 1L, wc.getWrId());
        check(RETRIES, "work completion status", WcStatus.RETRY_EXC_ERR, wc.getStatus());
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("CloseRcChannel(CC)");
            cc.close();
        }
    }

    private InboundPacket request(Duration within, String assertion) {
        InboundPacket p = tt().receive(assertion, within);
        check(
                assertion,
                "BTH:OpCode",
                OpCode.RC_RDMA_READ_REQUEST.name(),
                p.opCode().name());
        check(assertion, "BTH:PSN", RcChannel.DUT_START_PSN, p.psn());
        return p;
    }
}
