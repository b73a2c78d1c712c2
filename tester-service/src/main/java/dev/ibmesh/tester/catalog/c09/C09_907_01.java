package dev.ibmesh.tester.catalog.c09;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.mad.MadTester;
import dev.ibmesh.tester.mad.TrapInbox;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.tester.transport.UdChannel;
import dev.ibmesh.wire.Grh;
import java.time.Duration;
import java.util.List;

/**
 * UD responder, Q_Key violation: a UD QP takes only datagrams whose DETH carries its own Q_Key (IBA 10.2.4
 * [unverified]); any other is discarded, counted in the port's PortInfo.Q_KeyViolations and reported to the master
 * SM with trap 258 (IBA 14.2.5.6, 14.3.11). A datagram with the right Q_Key is then received. The tester is the
 * master SM of the bench (LinkSetup), so it receives the trap. The ID is ibmesh's own.
 */
@Cts(
        id = "C09_907_01",
        section = "10.2.4",
        title = "UD responder: a datagram with a wrong Q_Key is discarded, counted and trapped (258)",
        coverage = {"IBA 10.2.4 (Q_Keys), 14.2.5.6 (Q_KeyViolations), 14.3.11 (trap 258)"},
        assertions = {"ibmesh-c09-907#01"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"accept-wrong-q-key"})
public final class C09_907_01 extends TransportProcedure {
    private static final String A = "ibmesh-c09-907#01";
    private static final int SIZE = 64;
    private static final int WRONG_Q_KEY = UdChannel.Q_KEY ^ 0x0000_0001;
    /** Long enough for a responder that took the datagram to complete its receive. */
    private static final Duration NO_COMPLETION = Duration.ofMillis(300);

    private UdChannel ud;
    private MadTester mad;
    private int port;
    private PortInfo before;
    private TrapInbox traps;

    @Override
    protected void initialize() {
        mad = new MadTester(ctx());
        port = ctx().bench().link().dutPort();
        before = PortInfo.decode(mad.subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
        mad.responseTime(before.respTimeValue(), before.subnetTimeOut());
        note("the DUT's port " + port + ": Q_KeyViolations " + before.qKeyViolations());
        note("1. The DUT opens a UD QP with Q_Key 0x" + Integer.toHexString(UdChannel.Q_KEY)
                + " and posts 1 receive WQE of 40 + " + SIZE + " bytes");
        ud = tt().openUdChannel();
        ud.registerMemory(Grh.SIZE + SIZE, new byte[0]);
        ud.postReceives(1, Grh.SIZE + SIZE);
        traps = mad.traps();
    }

    @Override
    protected void execute() {
        int psn = UdChannel.DUT_START_PSN;
        step(1, String.format("Transmit UD SEND ONLY with DETH:Q_Key 0x%08x (not the QP's)", WRONG_Q_KEY));
        tt().send(ud.send(psn, WRONG_Q_KEY, Payloads.filled(SIZE, 1)));
        step(2, "Verify the DUT discards it: no receive completion");
        List<WorkCompletion> taken = ud.completionsWithin(A, NO_COMPLETION);
        checkThat(
                A,
                "a receive completion for the datagram with a wrong Q_Key",
                taken.isEmpty(),
                "none",
                taken.isEmpty()
                        ? "none"
                        : "wr_id " + taken.get(0).getWrId() + " " + taken.get(0).getStatus());

        step(3, "ReceiveMad (SubnTrap(Notice) with TrapNumber 258)");
        if (before.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)) {
            TrapInbox.Trap trap = mad.receiveTrap(A, traps, Notice.TRAP_BAD_Q_KEY);
            mad.repress(trap);
            Notice.BadKeyTrap details = (Notice.BadKeyTrap) trap.notice().details();
            check(A, "Notice:DataDetails.KEY", hex(WRONG_Q_KEY), hex((int) details.key()));
            check(A, "Notice:DataDetails.LIDADDR1", ctx().bench().link().testerLid(), details.lidAddr1());
        } else {
            skip(3, 3, "the DUT's port does not advertise IsTrapSupported");
        }

        step(4, "SendMad (SubnGet(PortInfo)); Verify Q_KeyViolations counted the datagram");
        PortInfo after =
                PortInfo.decode(mad.subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
        check(A, "SMPData.Q_KeyViolations", Math.min(0xFFFF, before.qKeyViolations() + 1), after.qKeyViolations());

        step(5, "Transmit UD SEND ONLY with the QP's Q_Key; Verify it is received");
        tt().send(ud.send(psn + 1, UdChannel.Q_KEY, Payloads.filled(SIZE, 2)));
        WorkCompletion wc = ud.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "receive completion byte_len (GRH space + payload)", Grh.SIZE + SIZE, wc.getByteLen());
        check(A, "receive completion src_qp", UdChannel.TESTER_QPN, wc.getSrcQp());
    }

    /** The DUT's Q_KeyViolations back to 0 (writing 0 clears it). */
    @Override
    protected void cleanup() {
        if (traps != null) {
            traps.close();
        }
        if (ud != null) {
            ud.close();
        }
        if (mad != null) {
            PortInfo now =
                    PortInfo.decode(mad.subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
            mad.subnSet(
                    PortInfo.ATTRIBUTE_ID,
                    port,
                    writeBack(now).qKeyViolations(0).build().toBytes());
            note("cleanup: the DUT's Q_KeyViolations is 0");
        }
    }

    private static String hex(int v) {
        return String.format("0x%08x", v);
    }
}
