package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcOpcode;
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

/**
 * 9.7.0.1.x RC completion rules, SEND case with requester and responder swapped: the Transport Tester sends a
 * three-packet SEND (First, Middle, Last, each with AckReq) and then a SEND Only, and the DUT's responder must
 * acknowledge each packet with an ACK for its PSN whose AETH carries the MSN, the count of messages it completed
 * (IBA 9.7.5.1, 9.7.6.1.1 [unverified]): 0 until the Last packet, 1 after it, 2 after the SEND Only. Each message
 * completes one receive WQE with all its data (C9-60 seen from the responder: nothing completes before the last
 * packet). The section number follows the part numbering of C09_060_05/07/09 (9.7.0.1.5/7/9); the CTS page seen
 * names it 9.7.0.1.x.
 */
@Cts(
        id = "C09_060_01_01",
        section = "9.7.0.1.1",
        title = "RC completion rules, SEND with the DUT responding: one ACK per AckReq, MSN counts messages",
        coverage = {"v1c09-060"},
        assertions = {"v1c09-060#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"msn-counts-packets"})
public final class C09_060_01_01 extends TransportProcedure {
    private static final String A = "v1c09-060#01";
    private static final int ONLY_SIZE = 64;

    private RcChannel cc;
    private int pmtu;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC) // (reliable connection); the DUT posts 2 receive WQEs of 3 x PMTU");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        pmtu = cc.pmtuBytes();
        cc.registerMemory(6L * pmtu, new byte[0]);
        cc.postReceives(2, 3 * pmtu);
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        OpCode[] ops = {OpCode.RC_SEND_FIRST, OpCode.RC_SEND_MIDDLE, OpCode.RC_SEND_LAST};
        int[] msn = {0, 0, 1};
        for (int i = 0; i < ops.length; i++) {
            step(1 + 2 * i, "Transmit RC " + ops[i].name() + " (PSN " + (psn + i) + ", AckReq, PMTU bytes)");
            tt().send(cc.packet(ops[i], psn + i, true, Payloads.filled(pmtu, i + 1)));
            step(2 + 2 * i, "Receive the DUT's ACK; Verify BTH:PSN = " + (psn + i) + " and AETH:MSN = " + msn[i]);
            ack(psn + i, msn[i]);
        }
        step(7, "Poll for completion of the receive WQE on the DUT; Verify success and the 3 x PMTU bytes");
        WorkCompletion first = cc.awaitCompletion(A, TransportTester.PROMPT);
        receive(first, 0, 3 * pmtu);
        byte[] data = cc.readDutMemory(RcChannel.MR_ADDRESS, 3 * pmtu);
        for (int i = 0; i < ops.length; i++) {
            check(A, "received data, packet " + (i + 1), (byte) (i + 1), data[i * pmtu]);
        }

        step(8, "Transmit RC SEND ONLY (PSN " + (psn + 3) + ", AckReq, " + ONLY_SIZE + " bytes)");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, psn + 3, true, Payloads.filled(ONLY_SIZE, 9)));
        step(9, "Receive the DUT's ACK; Verify BTH:PSN = " + (psn + 3) + " and AETH:MSN = 2");
        ack(psn + 3, 2);
        step(10, "Poll for completion of the second receive WQE; Verify success and its data");
        receive(cc.awaitCompletion(A, TransportTester.PROMPT), 1, ONLY_SIZE);
        check(A, "received data", (byte) 9, cc.readDutMemory(RcChannel.MR_ADDRESS + 3L * pmtu, 1)[0]);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("11. CloseRcChannel(CC)");
            cc.close();
        }
    }

    private void ack(int psn, int msn) {
        InboundPacket ack = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), ack.opCode().name());
        check(A, "BTH:PSN", psn, ack.psn());
        check(A, "AETH:Syndrome", "ACK", ack.ackKind());
        check(A, "AETH:MSN", msn, ack.aeth().msn());
    }

    private void receive(WorkCompletion wc, long wrId, int length) {
        check(A, "receive completion wr_id", wrId, wc.getWrId());
        check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "receive completion opcode", WcOpcode.WC_RECV, wc.getOpcode());
        check(A, "receive completion byte_len", length, wc.getByteLen());
    }
}
