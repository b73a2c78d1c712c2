package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.InboundPacket;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.tester.transport.UdChannel;
import java.time.Duration;
import java.util.Optional;

/**
 * UD requester, message larger than the MTU: a UD message is one packet, so it can carry no more than the path MTU
 * (IBA 9.8.2 [unverified]); a send request of MTU + 1 bytes is not sent, and completes with a local length error
 * (IBV_WC_LOC_LEN_ERR). The ID is ibmesh's own.
 */
@Cts(
        id = "C09_907_03",
        section = "9.8.2",
        title = "UD requester: a message longer than the MTU is not sent and completes with IBV_WC_LOC_LEN_ERR",
        coverage = {"IBA 9.8.2 (UD messages are single packets)"},
        assertions = {"ibmesh-c09-907#03"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"send-ud-beyond-mtu"})
public final class C09_907_03 extends TransportProcedure {
    private static final String A = "ibmesh-c09-907#03";
    /** Long enough for a DUT that sends the oversized datagram to put it on the link. */
    private static final Duration NO_PACKET = Duration.ofMillis(300);

    private UdChannel ud;
    private int mtu;

    @Override
    protected void initialize() {
        mtu = tt().activeMtuBytes();
        note("1. The DUT opens a UD QP; its port's MTU is " + mtu + " bytes");
        ud = tt().openUdChannel();
    }

    @Override
    protected void execute() {
        step(1, "Register memory region of MTU + 1 bytes on the DUT");
        ud.registerMemory(mtu + 1, Payloads.filled(mtu + 1, 4));
        step(2, "Post a UD SEND WQE of MTU + 1 = " + (mtu + 1) + " bytes to the tester's QP");
        ud.postSend(ud.udSend(1, 0, mtu + 1));
        step(3, "Poll the DUT's CQ; Verify the WQE completed with IBV_WC_LOC_LEN_ERR");
        WorkCompletion wc = ud.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "work completion wr_id", 1L, wc.getWrId());
        check(A, "work completion status", WcStatus.LOC_LEN_ERR, wc.getStatus());
        step(4, "Verify nothing reached the tester");
        Optional<InboundPacket> sent = tt().receiveIfAny(A, NO_PACKET);
        checkThat(
                A,
                "a packet from the DUT",
                sent.isEmpty(),
                "none",
                sent.map(InboundPacket::toString).orElse("none"));
    }

    @Override
    protected void cleanup() {
        if (ud != null) {
            ud.close();
        }
    }
}
