package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.InboundPacket;
import dev.ibmesh.tester.transport.RcChannel;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.wire.OpCode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * UC responder, PSN gap inside a message: a UC responder has no ACKs to ask for a lost packet again, so when a packet
 * of a message in progress arrives with a PSN other than the expected one, it drops the rest of that message and
 * completes nothing for it; the next message, starting with a First or Only packet, is received as usual (IBA 9.8.3
 * [unverified]; Linux qib/hfi1 uc_rcv do the same). The tester sends SEND First, "loses" the Middle, sends the Last,
 * then a SEND Only. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_906_01",
        section = "9.8.3",
        title = "UC responder: a PSN gap drops the rest of the message; the next message is received",
        coverage = {"IBA 9.8.3 (UC responder PSN checks)"},
        assertions = {"ibmesh-c09-906#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"uc-ignore-psn-gap"})
public final class C09_906_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-906#01";
    private static final OpCode UC_SEND_FIRST = OpCode.valueOf(0x20);
    private static final OpCode UC_SEND_LAST = OpCode.valueOf(0x22);
    private static final int ONLY_SIZE = 64;
    /** Long enough for a responder that took the broken message to complete its receive. */
    private static final Duration NO_COMPLETION = Duration.ofMillis(300);

    private RcChannel cc;
    private int buffer;

    @Override
    protected void initialize() {
        note("1. OpenUcChannel(CC); the DUT posts 2 receive WQEs of 3 x PMTU");
        cc = tt().openUcChannel();
        buffer = 3 * cc.pmtuBytes();
        cc.registerMemory(2L * buffer, new byte[0]);
        cc.postReceives(2, buffer);
    }

    @Override
    protected void execute() {
        int psn = RcChannel.TESTER_START_PSN;
        int pmtu = cc.pmtuBytes();
        step(1, "Transmit UC SEND FIRST (PSN " + psn + ", PMTU bytes)");
        tt().send(cc.packet(UC_SEND_FIRST, psn, false, Payloads.filled(pmtu, 1)));
        step(2, "Skip UC SEND MIDDLE (PSN " + (psn + 1) + "): it is 'lost'");
        step(3, "Transmit UC SEND LAST (PSN " + (psn + 2) + ", 16 bytes)");
        tt().send(cc.packet(UC_SEND_LAST, psn + 2, false, Payloads.filled(16, 1)));
        step(
                4,
                "Verify the DUT completes no receive for the message with the gap, and answers nothing (UC has no ACK)");
        List<WorkCompletion> broken = cc.completionsWithin(A, NO_COMPLETION);
        checkThat(
                A,
                "a receive completion for the message with a PSN gap",
                broken.isEmpty(),
                "none",
                broken.isEmpty() ? "none" : "byte_len " + broken.get(0).getByteLen());
        Optional<InboundPacket> answer = tt().receiveIfAny(A, Duration.ZERO);
        checkThat(
                A,
                "a packet from the DUT",
                answer.isEmpty(),
                "none",
                answer.map(Object::toString).orElse("none"));

        step(5, "Transmit UC SEND ONLY (PSN " + (psn + 3) + ", " + ONLY_SIZE + " bytes)");
        tt().send(cc.packet(OpCode.UC_SEND_ONLY, psn + 3, false, Payloads.filled(ONLY_SIZE, 2)));
        step(6, "Verify the SEND ONLY completes a receive WQE with its " + ONLY_SIZE + " bytes");
        WorkCompletion wc = cc.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "receive completion opcode", WcOpcode.WC_RECV, wc.getOpcode());
        check(A, "receive completion byte_len", ONLY_SIZE, wc.getByteLen());
        check(A, "received data", (byte) 2, cc.readDutMemory(RcChannel.MR_ADDRESS + wc.getWrId() * buffer, 1)[0]);
    }

    @Override
    protected void cleanup() {
        if (cc != null) {
            cc.close();
        }
    }
}
