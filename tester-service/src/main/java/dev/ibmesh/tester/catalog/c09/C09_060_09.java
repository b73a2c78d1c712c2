package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.DutSilent;
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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;

/**
 * 9.7.0.1.9 RC completion rules, Atomic Compare&amp;Swap case: the DUT, as requester, must not complete an atomic
 * WQE until an ACK covering all of its request packets arrived (C9-60). The DUT posts two CmpSwap WQEs; the tester
 * acknowledges only the first, with an Atomic ACK whose original data the first WQE must then carry back; the
 * second must stay uncompleted.
 *
 * <p>Departures from the CTS text: step 6 checks the opcode the atomic requests carry (the CTS text names SEND
 * FIRST/MIDDLE/LAST, copied from the SEND case) and their AtomicETH; step 10 also checks that the original data of
 * the Atomic ACK reached the first WQE's buffer. Step 12 waits {@link #UNACKED_WAIT} for a completion that must
 * not come: with the ACK timeout infinite (initialization) nothing in a compliant DUT ends the second WQE.
 */
@Cts(
        id = "C09_060_09",
        section = "9.7.0.1.9",
        title = "RC completion rules: atomic Compare & Swap completes only when an ACK covers it",
        coverage = {"v1c09-060"},
        assertions = {"v1c09-060#07"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {"Must be able to support 2 outstanding requests before requiring an ACK"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR})
public final class C09_060_09 extends TransportProcedure {
    static final Duration UNACKED_WAIT = Duration.ofSeconds(1);

    private static final String A = "v1c09-060#07";
    private static final int R_KEY = 0x12345;
    private static final long VA = 0x999000L;
    private static final long COMPARE = 1;
    private static final long SWAP = 0;
    private static final long ORIGINAL = 0xff2db5001e58b3e7L;

    private RcChannel cc;

    @Override
    protected void initialize() {
        DeviceAttr device = tt().dut().call("QueryDevice", s -> s.queryDevice(QueryDeviceRequest.getDefaultInstance()));
        if (device.getMaxQpInitRdAtom() < 2) {
            notApplicable("the DUT supports " + device.getMaxQpInitRdAtom()
                    + " outstanding RDMA read/atomic request(s); the procedure needs 2");
        }
        note("1. OpenRcChannel(CC) // (reliable connection)");
        note("2. Set QP ACK timeout = 0 (infinite) so that the DUT will not retransmit");
        cc = tt().openRcChannel(RcChannelOptions.DEFAULT.withAckTimeout(0));
    }

    @Override
    protected void execute() {
        step(1, "Register memory region for receiving remote packets");
        cc.registerMemory(64, new byte[0]);
        step(2, "Post one receive request for each expected packet from DUT");
        note("the tester takes every packet of the DUT's QP off its port; nothing to post");
        step(3, "Transmit 2 RC Atomic Compare Swap WQEs from DUT (R_KEY 0x12345, VA 0x999000, CMP 1, SWAP 0)");
        cc.postSend(atomic(1, 0), atomic(2, 8));

        step(4, "Receive all expected packets");
        InboundPacket first = tt().receive(A, TransportTester.PROMPT);
        InboundPacket second = tt().receive(A, TransportTester.PROMPT);
        step(5, "Verify all packets were received and were valid");
        step(6, "Verify each message contained a Compare Swap request with incrementing PSN");
        int psn = RcChannel.DUT_START_PSN;
        for (InboundPacket p : List.of(first, second)) {
            check(A, "BTH:OpCode", OpCode.RC_COMPARE_SWAP.name(), p.opCode().name());
            check(A, "BTH:PSN", psn++, p.psn());
            AtomicEth eth = p.packet().header(AtomicEth.class);
            check(A, "AtomicETH:VA", hex(VA), hex(eth.virtualAddress()));
            check(A, "AtomicETH:R_Key", hex(R_KEY), hex(eth.rKey()));
            check(A, "AtomicETH:SwapData", SWAP, eth.swapOrAddData());
            check(A, "AtomicETH:CompareData", COMPARE, eth.compareData());
        }

        step(7, "Transmit Atomic ACK packet to acknowledge the first request (MSN = 1)");
        tt().send(cc.atomicAck(RcChannel.DUT_START_PSN, 1, ORIGINAL));

        step(8, "Poll for completion of first message on DUT's send queue");
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        List<WorkCompletion> more = cc.pollDut(4);
        step(9, "Verify exactly 1 work completion was dequeued from the send queue");
        check(A, "work completions dequeued", 1, 1 + more.size());
        step(10, "Verify that the status of the work completion indicates successful completion");
        check(A, "work completion wr_id", 1L, wc.getWrId());
        check(A, "work completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "work completion opcode", WcOpcode.WC_COMP_SWAP, wc.getOpcode());
        check(
                A,
                "original data in the first WQE's buffer (host order)",
                hex(ORIGINAL),
                hex(hostOrder(cc.readDutMemory(RcChannel.MR_ADDRESS, 8))));

        step(11, "Poll for completion of second message on DUT's send queue");
        boolean completed = completesWithin(UNACKED_WAIT);
        step(12, "Verify second WQE will not complete as it has not been acknowledged");
        checkThat(
                A,
                "a completion for the unacknowledged second WQE within " + UNACKED_WAIT.toMillis() + " ms",
                !completed,
                "none",
                "one");
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("13. CloseRcChannel(CC)");
            cc.close();
        }
    }

    private boolean completesWithin(Duration window) {
        try {
            cc.awaitCompletion(A, window);
            return true;
        } catch (DutSilent expected) {
            return false;
        }
    }

    private SendWr atomic(long wrId, int offset) {
        return cc.sendWr(wrId, offset, 8)
                .setOpcode(WrOpcode.ATOMIC_CMP_AND_SWP)
                .setRemoteAddr(VA)
                .setRkey(R_KEY)
                .setCompareAdd(COMPARE)
                .setSwap(SWAP)
                .build();
    }

    /**
     * A 64-bit value as an HCA places it in host memory: atomics operate on, and return, 64-bit integers in the
     * host's byte order, little-endian on the hosts ibmesh emulates (as rxe does on x86).
     */
    private static long hostOrder(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    private static String hex(long v) {
        return String.format("0x%x", v);
    }
}
