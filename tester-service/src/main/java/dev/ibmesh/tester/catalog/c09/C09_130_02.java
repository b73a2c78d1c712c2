package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
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
import java.util.Arrays;

/**
 * Responder RNR NAK behaviour, the other half of V1C09-130: an RC responder that receives a SEND with no receive WQE
 * posted answers with an RNR NAK for the SEND's PSN carrying its QP's min RNR timer (IBA 9.7.5.2.8, C9-130), and
 * once a receive is posted, takes the retried SEND, acknowledges it and completes the receive. The ID is ibmesh's
 * own, in the part numbering of C09_130.
 */
@Cts(
        id = "C09_130_02",
        section = "9.7.5.2.8",
        title = "Responder RNR NAK: a SEND with no receive posted is RNR-NAKed with the QP's min RNR timer",
        coverage = {"v1c09-130"},
        assertions = {"v1c09-130#02"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR})
@Matrix(
        @Param(
                name = "minRnrTimer",
                values = {"14", "31"},
                description = "the DUT QP's min RNR timer code (IBA table 45: 14 = 1.28 ms, 31 = 491.52 ms)"))
public final class C09_130_02 extends TransportProcedure {
    private static final String A = "v1c09-130#02";
    private static final int SIZE = 64;

    private RcChannel cc;
    private int timerCode;

    @Override
    protected void initialize() {
        timerCode = ctx().intParam("minRnrTimer");
        note("1. OpenRcChannel(CC) with the DUT's min RNR timer = " + timerCode);
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withMinRnrTimer(timerCode));
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        byte[] data = new byte[SIZE];
        Arrays.fill(data, (byte) 0x5A);

        step(1, "Register memory region on the DUT for the SEND's data; post no receive WQE");
        cc.registerMemory(SIZE, new byte[0]);
        step(2, "Transmit RC SEND ONLY (AckReq) from the tester");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, psn, true, data));
        step(3, "Receive the DUT's answer");
        InboundPacket nak = tt().receive(A, TransportTester.PROMPT);
        step(4, "Verify it is an RNR NAK for the SEND's PSN with the QP's min RNR timer");
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), nak.opCode().name());
        check(A, "BTH:PSN", psn, nak.psn());
        check(A, "AETH:Syndrome type", "RNR NAK", nak.ackKind());
        check(A, "AETH:RNR timer", timerCode, nak.aeth().syndromeValue());

        step(5, "The DUT posts one receive WQE");
        cc.postReceives(1, SIZE);
        step(6, "Wait the RNR timer and transmit the SEND again with the same PSN");
        tt().sendNotBefore(
                        nak.nanos() + Aeth.rnrTimerNanos(timerCode), cc.packet(OpCode.RC_SEND_ONLY, psn, true, data));
        step(7, "Receive the ACK");
        InboundPacket ack = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), ack.opCode().name());
        check(A, "BTH:PSN", psn, ack.psn());
        check(A, "AETH:Syndrome type", "ACK", ack.ackKind());
        check(A, "AETH:MSN", 1, ack.aeth().msn());

        step(8, "Poll the DUT's receive completion and check the data");
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "work completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "work completion opcode", WcOpcode.WC_RECV, wc.getOpcode());
        check(A, "work completion byte_len", SIZE, wc.getByteLen());
        check(A, "received data", Arrays.toString(data), Arrays.toString(cc.readDutMemory(RcChannel.MR_ADDRESS, SIZE)));
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
