package dev.ibmesh.tester.catalog.c09;

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
import java.util.Arrays;

/**
 * Responder duplicate RDMA READ: an RC responder that receives again a READ request it already answered (its
 * responses were lost) answers it again, with the same PSNs, from its saved responder resources (IBA 9.7.5.1.1
 * [unverified]; Linux rxe replays it from its resource list); the expected PSN stays where it was, so the next new
 * request is executed as usual. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_903_02",
        section = "9.7.5.1.1",
        title = "Responder duplicate RDMA READ: answered again with the same PSNs",
        coverage = {"IBA 9.7.5.1.1 (duplicate requests)"},
        assertions = {"ibmesh-c09-903#02"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        qualifiers = {"Supports RDMA READ (max_qp_rd_atom >= 1)"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"drop-duplicate-read"})
public final class C09_903_02 extends TransportProcedure {
    private static final String A = "ibmesh-c09-903#02";
    private static final int SIZE = 48;

    private RcChannel cc;
    private int rkey;
    private byte[] data;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT registers " + SIZE + " bytes of known data");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        data = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            data[i] = (byte) (0x40 + i);
        }
        rkey = cc.registerMemory(SIZE, data).getRkey();
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC RDMA READ Request (PSN " + psn + ", " + SIZE + " bytes)");
        tt().send(read(psn));
        step(2, "Receive READ Response Only (PSN " + psn + ") with the data");
        response(psn, 1);
        step(3, "Transmit the same READ Request again (duplicate PSN " + psn + ")");
        tt().send(read(psn));
        step(4, "Receive READ Response Only again; Verify PSN " + psn + " and the same data");
        response(psn, 1);
        step(5, "Transmit a new READ Request (PSN " + (psn + 1) + "); Verify it is answered at PSN " + (psn + 1));
        tt().send(read(psn + 1));
        response(psn + 1, 2);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private byte[] read(int psn) {
        return cc.packet(
                OpCode.RC_RDMA_READ_REQUEST, psn, true, new byte[0], new Reth(RcChannel.MR_ADDRESS, rkey, SIZE));
    }

    private void response(int psn, int msn) {
        InboundPacket r = tt().receive(A, TransportTester.PROMPT);
        check(
                A,
                "BTH:OpCode",
                OpCode.RC_RDMA_READ_RESPONSE_ONLY.name(),
                r.opCode().name());
        check(A, "BTH:PSN", psn, r.psn());
        check(A, "AETH:Syndrome", "ACK", r.ackKind());
        check(A, "AETH:MSN", msn, r.aeth().msn());
        check(A, "READ data", Arrays.toString(data), Arrays.toString(r.payload()));
    }
}
