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
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Reth;
import java.util.Arrays;

/**
 * Responder remote access error: an RC responder that receives an RDMA WRITE whose R_Key names no region it
 * registered answers with a NAK "remote access error" for the request's PSN and writes nothing (IBA 9.7.5.2,
 * 10.6 [unverified]: the R_Key, not the address, selects the region and its rights). The WRITE's VA lies inside the
 * DUT's only region, so a responder that found the region by address would take it. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_904_01",
        section = "9.7.5.2",
        title = "Responder remote access error: an RDMA WRITE with a bad R_Key is NAKed and not executed",
        coverage = {"IBA 9.7.5.2 (NAK remote access error), 10.6 (R_Key)"},
        assertions = {"ibmesh-c09-904#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"ignore-r-key"})
public final class C09_904_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-904#01";
    private static final int SIZE = 16;

    private RcChannel cc;
    private int badRkey;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT registers one region of " + 4 * SIZE + " bytes");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        int rkey = cc.registerMemory(4 * SIZE, new byte[0]).getRkey();
        badRkey = rkey ^ 0x0000_0100;
        note(String.format("the region's R_Key is 0x%08x; the tester uses 0x%08x, which names nothing", rkey, badRkey));
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(
                1,
                String.format(
                        "Transmit RC RDMA WRITE ONLY (PSN %d, AckReq, R_Key 0x%08x, VA inside the region, %d bytes)",
                        psn, badRkey, SIZE));
        tt().send(cc.packet(
                OpCode.RC_RDMA_WRITE_ONLY,
                psn,
                true,
                Payloads.filled(SIZE, 0x77),
                new Reth(RcChannel.MR_ADDRESS + SIZE, badRkey, SIZE)));
        step(2, "Receive the DUT's answer; Verify NAK remote access error for PSN " + psn);
        InboundPacket nak = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_ACKNOWLEDGE.name(), nak.opCode().name());
        check(A, "AETH:Syndrome", "NAK " + Aeth.nakName(Aeth.NAK_REMOTE_ACCESS_ERROR), nak.ackKind());
        check(A, "BTH:PSN", psn, nak.psn());
        step(3, "Verify the region is untouched");
        check(
                A,
                "the region's bytes",
                Arrays.toString(new byte[SIZE]),
                Arrays.toString(cc.readDutMemory(RcChannel.MR_ADDRESS + SIZE, SIZE)));
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
