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
import java.time.Duration;
import java.util.List;

/**
 * 9.7.0.1.5 RC completion rules, RDMA READ case: the DUT, as requester, must not complete an RDMA READ WQE until
 * every response packet of it arrived (C9-60). The DUT posts two RDMA READs of 2 x PMTU each; the tester answers the
 * first with READ Response First and Last, and the second with its First only; the first WQE completes with the data,
 * the second must not.
 *
 * <p>Departure from the CTS text: the CTS leaves the second READ unanswered; the tester sends its first response
 * packet, so a requester that completes a READ before all its data is in is caught too. With the ACK timeout
 * infinite, nothing in a compliant DUT ends the second WQE during {@link #UNFINISHED_WAIT}.
 */
@Cts(
        id = "C09_060_05",
        section = "9.7.0.1.5",
        title = "RC completion rules: an RDMA READ completes only when all its responses arrived",
        coverage = {"v1c09-060"},
        assertions = {"v1c09-060#05"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        qualifiers = {"Must be able to support 2 outstanding requests before requiring an ACK"},
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"complete-read-at-first-response"})
public final class C09_060_05 extends TransportProcedure {
    static final Duration UNFINISHED_WAIT = Duration.ofSeconds(1);

    private static final String A = "v1c09-060#05";
    private static final int R_KEY = 0x12345;
    private static final long VA = 0x999000L;

    private RcChannel cc;
    private int pmtu;

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
        pmtu = cc.pmtuBytes();
    }

    @Override
    protected void execute() {
        step(1, "Register memory region for the read data (2 WQEs x 2 x PMTU)");
        cc.registerMemory(4L * pmtu, new byte[0]);
        step(2, "Transmit 2 RC RDMA READ WQEs from DUT of 2 x PMTU each (R_KEY 0x12345, VA 0x999000)");
        cc.postSend(read(1, 0), read(2, 2 * pmtu));

        step(3, "Receive all expected packets");
        InboundPacket first = tt().receive(A, TransportTester.PROMPT);
        InboundPacket second = tt().receive(A, TransportTester.PROMPT);
        step(4, "Verify each is an RDMA READ request for 2 x PMTU, the second's PSN 2 past the first's");
        int psn = RcChannel.DUT_START_PSN;
        for (InboundPacket p : List.of(first, second)) {
            check(
                    A,
                    "BTH:OpCode",
                    OpCode.RC_RDMA_READ_REQUEST.name(),
                    p.opCode().name());
            check(A, "BTH:PSN", psn, p.psn());
            Reth reth = p.packet().header(Reth.class);
            check(A, "RETH:R_Key", R_KEY, reth.rKey());
            check(A, "RETH:DMALength", 2L * pmtu, reth.dmaLengthUnsigned());
            psn += 2;
        }

        step(5, "Transmit RDMA READ Response First and Last for the first request (MSN = 1)");
        int base = RcChannel.DUT_START_PSN;
        tt().send(cc.packet(OpCode.RC_RDMA_READ_RESPONSE_FIRST, base, false, fill(1), ack(1)));
        tt().send(cc.packet(OpCode.RC_RDMA_READ_RESPONSE_LAST, base + 1, false, fill(2), ack(1)));
        step(6, "Poll for completion of the first WQE on DUT's send queue");
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        step(7, "Verify that it is the first WQE, completed successfully with the data");
        check(A, "work completion wr_id", 1L, wc.getWrId());
        check(A, "work completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "work completion opcode", WcOpcode.WC_RDMA_READ, wc.getOpcode());
        byte[] data = cc.readDutMemory(RcChannel.MR_ADDRESS, 2 * pmtu);
        check(A, "read data, first response", (byte) 1, data[0]);
        check(A, "read data, last response", (byte) 2, data[pmtu]);

        step(8, "Transmit RDMA READ Response First only for the second request (MSN = 2)");
        tt().send(cc.packet(OpCode.RC_RDMA_READ_RESPONSE_FIRST, base + 2, false, fill(3), ack(2)));
        step(9, "Poll for completion of the second WQE on DUT's send queue");
        List<WorkCompletion> early = cc.completionsWithin(A, UNFINISHED_WAIT);
        step(10, "Verify the second WQE does not complete: its READ Response Last has not arrived");
        checkThat(
                A,
                "a completion for the second READ, half answered, within " + UNFINISHED_WAIT.toMillis() + " ms",
                early.isEmpty(),
                "none",
                early.isEmpty()
                        ? "none"
                        : "wr_id " + early.get(0).getWrId() + " " + early.get(0).getStatus());
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            note("11. CloseRcChannel(CC)");
            cc.close();
        }
    }

    private SendWr read(long wrId, int offset) {
        return cc.sendWr(wrId, offset, 2 * pmtu)
                .setOpcode(WrOpcode.RDMA_READ)
                .setRemoteAddr(VA)
                .setRkey(R_KEY)
                .build();
    }

    private byte[] fill(int marker) {
        return Payloads.filled(pmtu, marker);
    }

    private static Aeth ack(int msn) {
        return Aeth.ack(Aeth.CREDIT_CODE_INVALID, msn);
    }
}
