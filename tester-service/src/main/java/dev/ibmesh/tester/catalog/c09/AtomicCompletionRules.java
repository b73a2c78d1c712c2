package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.tester.transport.InboundPacket;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.RcChannelOptions;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.wire.AtomicEth;
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.List;

/**
 * The RC completion rules for atomics, as C09_060_07 (Fetch&amp;Add) and C09_060_09 (Compare&amp;Swap) run them: the
 * DUT, as requester, must not complete an atomic WQE until an ACK covering its request arrived (C9-60). The DUT posts
 * two atomic WQEs; the tester acknowledges only the first, with an Atomic ACK whose original data the first WQE must
 * then carry back; the second must stay uncompleted. Step 12 waits {@link #UNACKED_WAIT} for a completion that must
 * not come: with the ACK timeout infinite (initialization) nothing in a compliant DUT ends the second WQE.
 */
abstract class AtomicCompletionRules extends TransportProcedure {
    static final Duration UNACKED_WAIT = Duration.ofSeconds(1);

    private static final int R_KEY = 0x12345;
    private static final long VA = 0x999000L;
    private static final long ORIGINAL = 0xff2db5001e58b3e7L;

    private final String assertion;
    private final WrOpcode wrOpcode;
    private final OpCode opCode;
    private final WcOpcode wcOpcode;
    /** The AtomicETH's SwapData (Compare&amp;Swap) or AddData (Fetch&amp;Add). */
    private final long swapOrAdd;
    /** The AtomicETH's CompareData (0 for Fetch&amp;Add). */
    private final long compare;

    private RcChannel cc;

    AtomicCompletionRules(String assertion, WrOpcode wrOpcode, long swapOrAdd, long compare) {
        this.assertion = assertion;
        this.wrOpcode = wrOpcode;
        boolean cas = wrOpcode == WrOpcode.ATOMIC_CMP_AND_SWP;
        this.opCode = cas ? OpCode.RC_COMPARE_SWAP : OpCode.RC_FETCH_ADD;
        this.wcOpcode = cas ? WcOpcode.WC_COMP_SWAP : WcOpcode.WC_FETCH_ADD;
        this.swapOrAdd = swapOrAdd;
        this.compare = compare;
    }

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
        String a = assertion;
        step(1, "Register memory region for receiving remote packets");
        cc.registerMemory(64, new byte[0]);
        step(2, "Post one receive request for each expected packet from DUT");
        note("the tester takes every packet of the DUT's QP off its port; nothing to post");
        step(3, "Transmit 2 RC " + opCode.name() + " WQEs from DUT (R_KEY 0x12345, VA 0x999000)");
        cc.postSend(atomic(1, 0), atomic(2, 8));

        step(4, "Receive all expected packets");
        InboundPacket first = tt().receive(a, TransportTester.PROMPT);
        InboundPacket second = tt().receive(a, TransportTester.PROMPT);
        step(5, "Verify all packets were received and were valid");
        step(6, "Verify each message contained a " + opCode.name() + " request with incrementing PSN");
        int psn = RcChannel.DUT_START_PSN;
        for (InboundPacket p : List.of(first, second)) {
            check(a, "BTH:OpCode", opCode.name(), p.opCode().name());
            check(a, "BTH:PSN", psn++, p.psn());
            AtomicEth eth = p.packet().header(AtomicEth.class);
            check(a, "AtomicETH:VA", Payloads.hex(VA), Payloads.hex(eth.virtualAddress()));
            check(a, "AtomicETH:R_Key", Payloads.hex(R_KEY), Payloads.hex(eth.rKey()));
            check(a, "AtomicETH:SwapData/AddData", swapOrAdd, eth.swapOrAddData());
            check(a, "AtomicETH:CompareData", compare, eth.compareData());
        }

        step(7, "Transmit Atomic ACK packet to acknowledge the first request (MSN = 1)");
        tt().send(cc.atomicAck(RcChannel.DUT_START_PSN, 1, ORIGINAL));

        step(8, "Poll for completion of first message on DUT's send queue");
        WorkCompletion wc = cc.awaitCompletion(a, TransportTester.PROMPT);
        List<WorkCompletion> more = cc.pollDut(4);
        step(9, "Verify exactly 1 work completion was dequeued from the send queue");
        check(a, "work completions dequeued", 1, 1 + more.size());
        step(10, "Verify that the status of the work completion indicates successful completion");
        check(a, "work completion wr_id", 1L, wc.getWrId());
        check(a, "work completion status", WcStatus.SUCCESS, wc.getStatus());
        check(a, "work completion opcode", wcOpcode, wc.getOpcode());
        check(
                a,
                "original data in the first WQE's buffer (host order)",
                Payloads.hex(ORIGINAL),
                Payloads.hex(Payloads.hostWord(cc.readDutMemory(RcChannel.MR_ADDRESS, 8))));

        step(11, "Poll for completion of second message on DUT's send queue");
        boolean completed = !cc.completionsWithin(a, UNACKED_WAIT).isEmpty();
        step(12, "Verify second WQE will not complete as it has not been acknowledged");
        checkThat(
                a,
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

    private SendWr atomic(long wrId, int offset) {
        return cc.sendWr(wrId, offset, 8)
                .setOpcode(wrOpcode)
                .setRemoteAddr(VA)
                .setRkey(R_KEY)
                .setCompareAdd(wrOpcode == WrOpcode.ATOMIC_CMP_AND_SWP ? compare : swapOrAdd)
                .setSwap(wrOpcode == WrOpcode.ATOMIC_CMP_AND_SWP ? swapOrAdd : 0)
                .build();
    }
}
