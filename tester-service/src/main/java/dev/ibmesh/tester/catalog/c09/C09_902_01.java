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
 * Responder atomics: an RC responder executes Compare&amp;Swap and Fetch&amp;Add on the 64-bit word the AtomicETH
 * names and answers with an Atomic ACK whose AtomicAckETH carries the word's original value (IBA 9.4.5, 9.5). The ID
 * is ibmesh's own (items 9xx are ibmesh's; the compliance statement's number is not public).
 */
@Cts(
        id = "C09_902_01",
        section = "9.4.5",
        title = "Responder atomics: the Atomic ACK carries the original remote data, memory holds the result",
        coverage = {"IBA 9.4.5 (atomic operations), 9.5 (AtomicAckETH)"},
        assertions = {"ibmesh-c09-902#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        qualifiers = {"Supports atomic operations (max_qp_rd_atom >= 1)"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"atomic-ack-wrong-original"})
public final class C09_902_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-902#01";
    private static final long INITIAL = 0x0102030405060708L;
    private static final long SWAP = 0x1111222233334444L;
    private static final long ADD = 5;

    private RcChannel cc;
    private int rkey;

    @Override
    protected void initialize() {
        note("1. OpenRcChannel(CC); the DUT registers an 8-byte word holding 0x" + Long.toHexString(INITIAL));
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        rkey = cc.registerMemory(8, Payloads.hostOrder(INITIAL)).getRkey();
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        step(1, "Transmit RC Compare&Swap (compare = the word's value, swap = 0x" + Long.toHexString(SWAP) + ")");
        tt().send(cc.packet(
                OpCode.RC_COMPARE_SWAP,
                psn,
                true,
                new byte[0],
                new AtomicEth(RcChannel.MR_ADDRESS, rkey, SWAP, INITIAL)));
        step(2, "Receive the Atomic ACK");
        InboundPacket ack = tt().receive(A, TransportTester.PROMPT);
        step(3, "Verify the Atomic ACK carries the original data and the word was swapped");
        check(A, "BTH:OpCode", OpCode.RC_ATOMIC_ACKNOWLEDGE.name(), ack.opCode().name());
        check(A, "BTH:PSN", psn, ack.psn());
        check(A, "AETH:Syndrome", "ACK", ack.ackKind());
        check(
                A,
                "AtomicAckETH:OriginalRemoteData",
                Payloads.hex(INITIAL),
                Payloads.hex(ack.atomicAck().originalRemoteData()));
        check(A, "the DUT's word", Payloads.hex(SWAP), Payloads.hex(word()));

        step(4, "Transmit RC Fetch&Add (add = " + ADD + ")");
        tt().send(cc.packet(
                OpCode.RC_FETCH_ADD, psn + 1, true, new byte[0], new AtomicEth(RcChannel.MR_ADDRESS, rkey, ADD, 0)));
        step(5, "Receive the Atomic ACK");
        InboundPacket add = tt().receive(A, TransportTester.PROMPT);
        step(6, "Verify the Atomic ACK carries the original data and the word was added to");
        check(A, "BTH:OpCode", OpCode.RC_ATOMIC_ACKNOWLEDGE.name(), add.opCode().name());
        check(A, "BTH:PSN", psn + 1, add.psn());
        check(
                A,
                "AtomicAckETH:OriginalRemoteData",
                Payloads.hex(SWAP),
                Payloads.hex(add.atomicAck().originalRemoteData()));
        check(A, "the DUT's word", Payloads.hex(SWAP + ADD), Payloads.hex(word()));
    }

    /** The DUT's word as the host reads it. */
    private long word() {
        return Payloads.hostWord(cc.readDutMemory(RcChannel.MR_ADDRESS, 8));
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
