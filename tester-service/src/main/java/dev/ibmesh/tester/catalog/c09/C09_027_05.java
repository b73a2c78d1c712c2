package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
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
import dev.ibmesh.wire.Reth;
import java.util.Arrays;

/**
 * 9.5.0.1.5 Reliable service transaction ordering, Atomic Compare&amp;Swap after RDMA READ: an RC responder executes
 * requests in PSN order and returns their responses in PSN order (C9-27). The tester sends an RDMA READ of two packets'
 * worth, then at once a Compare&amp;Swap on the first word the READ covers. The DUT must answer READ Response First,
 * READ Response Last, then the Atomic ACK, with strictly increasing PSNs; the READ returns the word as it was before
 * the swap, the Atomic ACK carries that same original value, and the memory holds the swapped word.
 */
@Cts(
        id = "C09_027_05",
        section = "9.5.0.1.5",
        title = "Reliable service transaction ordering: Atomic CompSwap after RDMA READ, responses in strict PSN order",
        coverage = {"v1c09-027"},
        assertions = {"v1c09-027"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {
            "Supports RDMA READ (max_qp_rd_atom >= 2); atomics are optional, but if supported they must comply"
        },
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"read-overtaken-by-atomic"})
public final class C09_027_05 extends TransportProcedure {
    private static final String A = "v1c09-027";
    private static final long INITIAL = 0x0102030405060708L;
    private static final long SWAP = 0x1111222233334444L;

    private RcChannel cc;
    private int rkey;
    private int pmtu;

    @Override
    protected void initialize() {
        DeviceAttr device = tt().dut().call("QueryDevice", s -> s.queryDevice(QueryDeviceRequest.getDefaultInstance()));
        if (device.getMaxQpRdAtom() < 2) {
            notApplicable("the DUT's responder takes " + device.getMaxQpRdAtom()
                    + " outstanding RDMA READ/atomic request(s); the procedure needs 2");
        }
        note("1. OpenRcChannel(CC); the DUT registers 2 x PMTU whose first word holds 0x" + Long.toHexString(INITIAL));
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT);
        pmtu = cc.pmtuBytes();
        byte[] initial = new byte[2 * pmtu];
        System.arraycopy(Payloads.hostOrder(INITIAL), 0, initial, 0, 8);
        Arrays.fill(initial, 8, initial.length, (byte) 0x5A);
        rkey = cc.registerMemory(initial.length, initial).getRkey();
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        int readLength = pmtu + 8;
        step(
                1,
                "sendReadRequests: transmit RC RDMA READ Request (PSN " + psn + ", " + readLength + " bytes at VA 0x"
                        + Long.toHexString(RcChannel.MR_ADDRESS) + ")");
        tt().send(cc.packet(
                OpCode.RC_RDMA_READ_REQUEST, psn, true, new byte[0], new Reth(RcChannel.MR_ADDRESS, rkey, readLength)));
        step(
                2,
                "Transmit RC Compare&Swap (PSN " + (psn + 2) + ", same VA, compare = the word, swap = 0x"
                        + Long.toHexString(SWAP) + ")");
        tt().send(cc.packet(
                OpCode.RC_COMPARE_SWAP,
                psn + 2,
                true,
                new byte[0],
                new AtomicEth(RcChannel.MR_ADDRESS, rkey, SWAP, INITIAL)));

        step(3, "Receive the first response; Verify READ Response First with PSN " + psn);
        InboundPacket first = tt().receive(A, TransportTester.PROMPT);
        response(first, OpCode.RC_RDMA_READ_RESPONSE_FIRST, psn);
        check(
                A,
                "READ data: the word before the swap",
                Payloads.hex(INITIAL),
                Payloads.hex(Payloads.hostWord(first.payload())));
        step(4, "Receive the second response; Verify READ Response Last with PSN " + (psn + 1));
        InboundPacket last = tt().receive(A, TransportTester.PROMPT);
        response(last, OpCode.RC_RDMA_READ_RESPONSE_LAST, psn + 1);
        check(A, "READ Response Last payload length", 8, last.payload().length);
        step(5, "Receive the third response; Verify Atomic ACK with PSN " + (psn + 2) + " and the original data");
        InboundPacket atomic = tt().receive(A, TransportTester.PROMPT);
        response(atomic, OpCode.RC_ATOMIC_ACKNOWLEDGE, psn + 2);
        check(
                A,
                "AtomicAckETH:OriginalRemoteData",
                Payloads.hex(INITIAL),
                Payloads.hex(atomic.atomicAck().originalRemoteData()));
        step(6, "Verify the DUT's word holds the swapped value");
        check(
                A,
                "the DUT's word",
                Payloads.hex(SWAP),
                Payloads.hex(Payloads.hostWord(cc.readDutMemory(RcChannel.MR_ADDRESS, 8))));
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("7. CloseRcChannel(CC)");
            cc.close();
        }
    }

    private void response(InboundPacket p, OpCode expected, int psn) {
        check(A, "BTH:OpCode", expected.name(), p.opCode().name());
        check(A, "BTH:PSN", psn, p.psn());
        check(A, "AETH:Syndrome", "ACK", p.ackKind());
    }
}
