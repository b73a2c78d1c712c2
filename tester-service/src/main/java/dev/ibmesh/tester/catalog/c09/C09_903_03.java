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
import dev.ibmesh.wire.AtomicEth;
import dev.ibmesh.wire.OpCode;

/**
 * Responder duplicate atomic: an RC responder that receives again an atomic request it already executed (the Atomic
 * ACK was lost) must not execute it again; it answers with the original data it saved when it executed it (IBA
 * 9.7.5.1.1 [unverified]; Linux rxe replays the saved Atomic ACK). A Fetch&amp;Add shows it: the duplicate's Atomic
 * ACK carries the value from before the first add, and the word holds one add, not two. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_903_03",
        section = "9.7.5.1.1",
        title = "Responder duplicate atomic: answered from the saved result, not executed again",
        coverage = {"IBA 9.7.5.1.1 (duplicate requests)"},
        assertions = {"ibmesh-c09-903#03"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        qualifiers = {"Supports atomic operations (max_qp_rd_atom >= 1)"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"reexecute-duplicate-atomic"})
public final class C09_903_03 extends TransportProcedure {
    private static final String A = "ibmesh-c09-903#03";
    private static final long INITIAL = 0x0000_0100_0000_0000L;
    private static final long ADD = 7;

    private RcChannel cc;
    private int rkey;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT registers an 8-byte word holding " + Payloads.hex(INITIAL));
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        rkey = cc.registerMemory(8, Payloads.hostOrder(INITIAL)).getRkey();
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC Fetch&Add (PSN " + psn + ", add " + ADD + ")");
        tt().send(fetchAdd(psn));
        step(2, "Receive the Atomic ACK; Verify the original data and the word after one add");
        atomicAck(psn);
        step(3, "Transmit the same Fetch&Add again (duplicate PSN " + psn + ")");
        tt().send(fetchAdd(psn));
        step(4, "Receive the Atomic ACK of the duplicate; Verify the same original data, and the word added to once");
        atomicAck(psn);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }

    private byte[] fetchAdd(int psn) {
        return cc.packet(
                OpCode.RC_FETCH_ADD, psn, true, new byte[0], new AtomicEth(RcChannel.MR_ADDRESS, rkey, ADD, 0));
    }

    private void atomicAck(int psn) {
        InboundPacket ack = tt().receive(A, TransportTester.PROMPT);
        check(A, "BTH:OpCode", OpCode.RC_ATOMIC_ACKNOWLEDGE.name(), ack.opCode().name());
        check(A, "BTH:PSN", psn, ack.psn());
        check(A, "AETH:Syndrome", "ACK", ack.ackKind());
        check(
                A,
                "AtomicAckETH:OriginalRemoteData",
                Payloads.hex(INITIAL),
                Payloads.hex(ack.atomicAck().originalRemoteData()));
        check(
                A,
                "the DUT's word",
                Payloads.hex(INITIAL + ADD),
                Payloads.hex(Payloads.hostWord(cc.readDutMemory(RcChannel.MR_ADDRESS, 8))));
    }
}
