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
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Reth;
import java.time.Duration;
import java.util.List;

/**
 * Responder duplicate SEND and RDMA WRITE: an RC responder that receives a request whose PSN it already executed (the
 * requester retransmits because the ACK was lost) acknowledges it again and does not execute it again (IBA 9.7.5.1.1
 * [unverified], C9-105): a duplicate SEND takes no second receive WQE, a duplicate WRITE does not overwrite what a
 * later WRITE put there. The ACK carries the MSN of the messages completed so far and the PSN of a request executed no
 * earlier than the duplicate (Linux rxe acknowledges the most recent one). The ID is ibmesh's own.
 */
@Cts(
        id = "C09_903_01",
        section = "9.7.5.1.1",
        title = "Responder duplicate SEND and RDMA WRITE: acknowledged again, not executed again",
        coverage = {"IBA 9.7.5.1.1 (duplicate requests), C9-105"},
        assertions = {"ibmesh-c09-903#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"reexecute-duplicate-send"})
public final class C09_903_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-903#01";
    private static final int SIZE = 32;
    /** Where the WRITEs go: past the two receive buffers. */
    private static final long WRITE_VA = RcChannel.MR_ADDRESS + 2 * SIZE;
    /** Long enough for a responder that executes the duplicate SEND to complete a receive. */
    private static final Duration NO_COMPLETION = Duration.ofMillis(300);

    private RcChannel cc;
    private int rkey;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT posts 2 receive WQEs of " + SIZE + " bytes");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        rkey = cc.registerMemory(3 * SIZE, new byte[0]).getRkey();
        cc.postReceives(2, SIZE);
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC SEND ONLY (PSN " + psn + ", AckReq)");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, psn, true, Payloads.filled(SIZE, 1)));
        step(2, "Receive the ACK (PSN " + psn + ", MSN 1) and the receive completion of WQE 0");
        ack(psn, psn, 1);
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "receive completion wr_id", 0L, wc.getWrId());
        check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());

        step(3, "Transmit the same SEND ONLY again (duplicate PSN " + psn + ", AckReq)");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, psn, true, Payloads.filled(SIZE, 1)));
        step(4, "Receive the ACK of the duplicate; Verify PSN " + psn + " and MSN still 1");
        ack(psn, psn, 1);
        step(5, "Verify the duplicate took no receive WQE: no receive completion");
        List<WorkCompletion> none = cc.completionsWithin(A, NO_COMPLETION);
        check(A, "receive completions for the duplicate SEND", 0, none.size());

        step(
                6,
                "Transmit RC RDMA WRITE ONLY (PSN " + (psn + 1) + ") of marker 2, then (PSN " + (psn + 2)
                        + ") of marker 3 to the same VA, both AckReq");
        tt().send(write(psn + 1, 2));
        ack(psn + 1, psn + 1, 2);
        tt().send(write(psn + 2, 3));
        ack(psn + 2, psn + 2, 3);
        step(7, "Transmit the first WRITE again (duplicate PSN " + (psn + 1) + ", marker 2)");
        tt().send(write(psn + 1, 2));
        step(
                8,
                "Receive its ACK (PSN " + (psn + 1) + " to " + (psn + 2) + ", MSN 3); Verify the memory still holds"
                        + " marker 3");
        ack(psn + 1, psn + 2, 3);
        check(A, "the WRITE target's first byte", (byte) 3, cc.readDutMemory(WRITE_VA, 1)[0]);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private byte[] write(int psn, int marker) {
        return cc.packet(
                OpCode.RC_RDMA_WRITE_ONLY, psn, true, Payloads.filled(SIZE, marker), new Reth(WRITE_VA, rkey, SIZE));
    }

    /** The DUT's ACK: PSN from {@code lowest} to {@code highest}, with {@code msn}. */
    private void ack(int lowest, int highest, int msn) {
        InboundPacket ack = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), ack.opCode().name());
        check(A, "AETH:Syndrome", "ACK", ack.ackKind());
        checkThat(
                A,
                "BTH:PSN",
                ack.psn() >= lowest && ack.psn() <= highest,
                lowest == highest ? Integer.toString(lowest) : lowest + " to " + highest,
                Integer.toString(ack.psn()));
        check(A, "AETH:MSN", msn, ack.aeth().msn());
    }
}
