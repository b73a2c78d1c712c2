package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.RcChannelOptions;
import dev.ibmesh.wire.OpCode;

/**
 * Responder invalid request, opcode out of sequence: an RC responder with no SEND in progress that receives a SEND
 * Middle at the expected PSN (the First never existed: the PSN is in sequence, the opcode is not) answers with a NAK
 * "invalid request" and executes nothing (IBA 9.7.5.1.3, 9.7.5.2 [unverified]; Linux rxe's check_op_seq does the
 * same). The ID is ibmesh's own.
 */
@Cts(
        id = "C09_905_01",
        section = "9.7.5.1.3",
        title = "Responder invalid request: a SEND Middle with no SEND in progress is NAKed",
        coverage = {"IBA 9.7.5.1.3 (opcode sequence), 9.7.5.2 (NAK invalid request)"},
        assertions = {"ibmesh-c09-905#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"accept-opcode-out-of-sequence"})
public final class C09_905_01 extends InvalidRequestProcedure {
    private static final String A = "ibmesh-c09-905#01";

    private RcChannel cc;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT posts 1 receive WQE of 2 x PMTU");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        cc.registerMemory(2L * cc.pmtuBytes(), new byte[0]);
        cc.postReceives(1, 2 * cc.pmtuBytes());
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC SEND MIDDLE (PSN " + psn + " = the expected PSN, AckReq, PMTU bytes) with no SEND FIRST");
        tt().send(cc.packet(OpCode.RC_SEND_MIDDLE, psn, true, Payloads.filled(cc.pmtuBytes(), 1)));
        expectInvalidRequestNak(A, cc, psn, 2);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
