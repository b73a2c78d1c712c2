package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.RcChannelOptions;
import dev.ibmesh.wire.OpCode;

/**
 * Responder invalid request, payload beyond the path MTU: an RC QP whose path MTU is 1024 receives a SEND Only of 2048
 * bytes (the link carries it: the port's MTU is larger). A packet may carry at most the path MTU (IBA 9.7.1.1
 * [unverified]: First and Middle exactly the PMTU, Last and Only at most), so the responder answers with a NAK
 * "invalid request" and delivers nothing. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_905_02",
        section = "9.7.1.1",
        title = "Responder invalid request: a packet whose payload exceeds the path MTU is NAKed",
        coverage = {"IBA 9.7.1.1 (packet payload and the PMTU), 9.7.5.2 (NAK invalid request)"},
        assertions = {"ibmesh-c09-905#02"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        qualifiers = {"The port's active MTU is at least 2048 (a QP with path MTU 1024 is below it)"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"accept-payload-beyond-pmtu"})
public final class C09_905_02 extends InvalidRequestProcedure {
    private static final String A = "ibmesh-c09-905#02";
    private static final int SIZE = 2048;

    private RcChannel cc;

    @Override
    protected void initialize() {
        if (tt().activeMtuBytes() < SIZE) {
            notApplicable("the DUT port's active MTU is " + tt().activeMtuBytes() + " bytes; the procedure needs "
                    + SIZE + " to carry a packet beyond a path MTU of 1024");
        }
        note("1. OpenRcChannel(CC) with path MTU 1024; the DUT posts 1 receive WQE of " + SIZE + " bytes");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT, Mtu.MTU_1024);
        cc.registerMemory(SIZE, new byte[0]);
        cc.postReceives(1, SIZE);
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC SEND ONLY (PSN " + psn + ", AckReq) of " + SIZE + " bytes, twice the path MTU");
        tt().send(cc.packet(OpCode.RC_SEND_ONLY, psn, true, Payloads.filled(SIZE, 1)));
        expectInvalidRequestNak(A, cc, psn, 2);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
