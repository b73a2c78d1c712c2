package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;
import dev.ibmesh.tester.mad.TrapInbox;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The DUT's QP1 takes only GMPs whose keys pass: a DETH Q_Key other than QP1's well-known 0x80010000 (IBA 13.5.1) or a
 * BTH P_Key its port's P_Key table does not hold (IBA 10.9.3) gets the GMP discarded, with no response, counted in the
 * management port's PortInfo Q_KeyViolations or P_KeyViolations, and reported to the master SM with trap 258 or 257
 * (IBA 14.2.5.6, 14.3.11). The GMP is PerfMgt Get(ClassPortInfo), which every node's PMA answers (step 1 shows it
 * does). Sub-case .1 (steps 2-4) sends it with a wrong Q_Key; sub-case .2 (steps 5-8) with a P_Key the tester first
 * puts in its own port's P_Key table, one the DUT's table does not hold.
 *
 * <p>The management port is a switch's port 0, or the CA port on the link. That a GMP is discarded is established
 * with a fence ({@link MadTester#expectNoResponse}): the same GMP with good keys, which must be answered, and
 * {@link MadTester#silence()}. The tester, the master SM, represses each trap it receives. Trap steps are skipped on a
 * DUT whose port does not advertise IsTrapSupported.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no QP1 key procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C14_902_01",
        title = "QP1 discards GMPs with a bad Q_Key or P_Key, counts them in PortInfo and traps them (258, 257)",
        coverage = {"IBA 10.9.3", "IBA 13.5.1", "IBA 14.2.5.6", "IBA 14.3.11"},
        assertions = {"v1c14-902#01", "v1c14-902#02", "v1c14-902#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true)
public final class C14_902_01 extends MadProcedure {
    private static final String DISCARDED = "v1c14-902#01";
    private static final String COUNTED = "v1c14-902#02";
    private static final String TRAPPED = "v1c14-902#03";
    /** A Q_Key that is not QP1's. */
    private static final int WRONG_Q_KEY = MadTester.GSI_Q_KEY + 1;
    /** The entry of the tester's P_Key table that gets the P_Key the DUT does not hold. */
    private static final int BAD_P_KEY_INDEX = 1;

    private int port;
    private PortInfo before;
    private PKeyTable testerPKeys;
    private int badPKey;
    private TrapInbox traps;

    @Override
    protected void initialize() {
        port = ctx().bench().link().dutIsSwitch() ? 0 : ctx().bench().link().dutPort();
        before = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
        mad().responseTime(before.respTimeValue(), before.subnetTimeOut());
        note("the DUT's management port is port " + port + ": P_KeyViolations " + before.pKeyViolations()
                + ", Q_KeyViolations " + before.qKeyViolations());
        PKeyTable dutPKeys =
                PKeyTable.decode(mad().subnGet(PKeyTable.ATTRIBUTE_ID, 0).smpData(), 0);
        badPKey = absentFullMemberPKey(dutPKeys);
        testerPKeys = PKeyTable.decode(
                mad().send(mad().directed(Method.GET, PKeyTable.ATTRIBUTE_ID, 0, 0, new byte[0]))
                        .requireOk()
                        .smpData(),
                0);
        traps = mad().traps();
    }

    @Override
    protected void execute() {
        step(1, "SendMad (Get(ClassPortInfo) to QP1 of the DUT's LID with Q_Key 0x80010000 and P_Key index 0)");
        MadExchange good = mad().send(DISCARDED, classPortInfo(MadTester.GSI_Q_KEY, 0));
        mad().verifyResponse(DISCARDED, good);

        step(
                2,
                String.format(
                        "SendMad (Get(ClassPortInfo) with Q_Key 0x%08x); Verify no response: QP1 discards it",
                        WRONG_Q_KEY));
        mad().expectNoResponse(DISCARDED, classPortInfo(WRONG_Q_KEY, 0), classPortInfo(MadTester.GSI_Q_KEY, 0));
        trap(3, Notice.TRAP_BAD_Q_KEY, WRONG_Q_KEY & 0xFFFF_FFFFL);
        violations(4, "Q_KeyViolations", PortInfo::qKeyViolations);

        step(
                5,
                String.format(
                        "SendMad (SubnSet(P_KeyTable of the tester's own port where entry %d = 0x%04x, a P_Key the DUT's"
                                + " table does not hold))",
                        BAD_P_KEY_INDEX, badPKey));
        List<Integer> keys = new ArrayList<>(testerPKeys.pKeys());
        keys.set(BAD_P_KEY_INDEX, badPKey);
        testerPKeyTable(new PKeyTable(keys));
        step(
                6,
                String.format(
                        "SendMad (Get(ClassPortInfo) with P_Key 0x%04x); Verify no response: QP1 discards it",
                        badPKey));
        mad().expectNoResponse(
                        DISCARDED,
                        classPortInfo(MadTester.GSI_Q_KEY, BAD_P_KEY_INDEX),
                        classPortInfo(MadTester.GSI_Q_KEY, 0));
        trap(7, Notice.TRAP_BAD_P_KEY, badPKey);
        violations(8, "P_KeyViolations", PortInfo::pKeyViolations);
    }

    /** The tester's P_Key table back as it was; the DUT's violation counters back to 0 (writing 0 clears them). */
    @Override
    protected void cleanup() {
        if (traps == null) {
            return;
        }
        traps.close();
        testerPKeyTable(testerPKeys);
        PortInfo now =
                PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        port,
                        writeBack(now)
                                .pKeyViolations(0)
                                .qKeyViolations(0)
                                .build()
                                .toBytes());
        note("cleanup: the tester's P_Key table is back; the DUT's P_KeyViolations and Q_KeyViolations are 0");
    }

    /** Step {@code number}: ReceiveMad (SubnTrap(Notice) with {@code trapNumber}), which reports {@code key}. */
    private void trap(int number, int trapNumber, long key) {
        step(number, "ReceiveMad (SubnTrap(Notice) with TrapNumber " + trapNumber + ")");
        if (!before.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)) {
            skip(number, number, "the DUT's port does not advertise IsTrapSupported");
            return;
        }
        TrapInbox.Trap trap = mad().receiveTrap(TRAPPED, traps, trapNumber);
        mad().repress(trap);
        check(TRAPPED, "Notice:IssuerLID", mad().dutLid(), trap.notice().issuerLid());
        Notice.BadKeyTrap details = (Notice.BadKeyTrap) trap.notice().details();
        check(TRAPPED, "Notice:DataDetails.KEY", String.format("0x%x", key), String.format("0x%x", details.key()));
        check(TRAPPED, "Notice:DataDetails.LIDADDR1", ctx().bench().link().testerLid(), details.lidAddr1());
    }

    /** Step {@code number}: the management port's PortInfo shows one more violation than before. */
    private void violations(int number, String field, ToIntFunction<PortInfo> counter) {
        step(
                number,
                "SendMad (SubnGet(PortInfo where AttributeModifier = " + port + ")); Verify " + field
                        + " counted the discarded GMP");
        MadExchange get = mad().send(
                        COUNTED,
                        mad().directed(Method.GET, PortInfo.ATTRIBUTE_ID, port, 0, new byte[0], mad().pathToDut()));
        check(COUNTED, "MADHeader:Status.Code", 0, get.statusCode());
        int expected = Math.min(0xFFFF, counter.applyAsInt(before) + 1);
        check(COUNTED, "SMPData." + field, expected, counter.applyAsInt(PortInfo.decode(get.smpData(), 0)));
    }

    /** PerfMgt Get(ClassPortInfo) to QP1 of the DUT with this Q_Key and the P_Key at this index of the tester's table. */
    private HostMad classPortInfo(int qKey, int pKeyIndex) {
        MadHeader h = mad().header(MgmtClass.PERF_MGT, PmaMad.CLASS_VERSION, Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0);
        return mad().gmp(
                        mad().dutLid(),
                        qKey,
                        pKeyIndex,
                        PmaMad.of(h, new byte[0]).encode());
    }

    /** SubnSet(P_KeyTable block 0) of the tester's own port (a directed route of no hops). */
    private void testerPKeyTable(PKeyTable table) {
        mad().send(mad().directed(Method.SET, PKeyTable.ATTRIBUTE_ID, 0, 0, table.toBytes()))
                .requireOk();
    }

    /** A full-member P_Key whose base no entry of {@code table} has (IBA 10.9.3 matches on the base). */
    private static int absentFullMemberPKey(PKeyTable table) {
        int base = 1;
        while (holds(table, base)) {
            base++;
        }
        return PKeyTable.FULL_MEMBER | base;
    }

    private static boolean holds(PKeyTable table, int base) {
        return table.pKeys().stream().anyMatch(k -> (k & PKeyTable.BASE_MASK) == base);
    }
}
