package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.TrapInbox;
import java.time.Duration;
import java.util.Optional;

/**
 * A trap the master SM represses is not repeated any more (IBA 14.2.5.1: the SM's SubnTrapRepress stops the
 * repetition of the trap whose TransactionID it carries). The tester is the DUT's master SM (the bench made it
 * PortInfo.MasterSMLID). It causes trap 144 by changing LinkWidthEnabled of a switch port off the link, lets the
 * trap come twice to measure the DUT's repeat interval, represses it, and watches for {@link #WATCH_INTERVALS} such
 * intervals.
 *
 * <p>Port 0's SubnetTimeOut is set to 0 first: the DUT derives the repeat interval from it, so the waits are as short
 * as the DUT allows. A DUT that sends each trap once (as Linux qib does) has nothing to repress: NOT APPLICABLE. One
 * repeat after the TrapRepress is let pass: the DUT may have sent it before the TrapRepress reached it.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no trap procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C14_901_01_SW",
        title = "SubnTrapRepress stops the repetition of a trap (trap 144, LinkWidthEnabled changed)",
        coverage = {"IBA 14.2.5.1", "IBA 14.3.11"},
        assertions = {"v1c14-901#01", "v1c14-901#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"PortInfo:CapabilityMask.IsTrapSupported = 1", "IsOtherLocalChangesNoticeSupported = 1"},
        ownId = true,
        provenBy = {"trap-ignores-repress"})
public final class C14_901_01_SW extends MadProcedure {
    /** How many repeat intervals the tester watches after the TrapRepress. */
    static final int WATCH_INTERVALS = 6;

    private static final String RAISED = "v1c14-901#01";
    private static final String REPRESSED = "v1c14-901#02";

    private PortInfo port0;
    private int otherPort;
    private PortInfo other;
    private TrapInbox traps;
    private boolean changed;

    @Override
    protected void initialize() {
        port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        if (!port0.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)
                || !port0.hasCapability(PortInfo.CAP_IS_OTHER_LOCAL_CHANGES_NOTICE_SUPPORTED)) {
            notApplicable("port 0 does not raise trap 144 for LinkWidthEnabled (CapabilityMask 0x"
                    + Integer.toHexString(port0.capabilityMask()) + ")");
        }
        int testerLid = ctx().bench().link().testerLid();
        note("1. the tester is the DUT's master SM: port 0's MasterSMLID is " + port0.masterSmLid());
        if (port0.masterSmLid() != testerLid) {
            throw new TesterError("the DUT's MasterSMLID is " + port0.masterSmLid() + ", not the tester's LID "
                    + testerLid + ": its traps go elsewhere");
        }
        int numPorts = NodeInfo.decode(mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0).smpData(), 0)
                .numPorts();
        otherPort = ctx().bench().link().dutPort() == 1 ? 2 : 1;
        if (otherPort > numPorts) {
            notApplicable("the switch has no port besides the one on the link");
        }
        other = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, otherPort).smpData(), 0);
        traps = mad().traps();
    }

    @Override
    protected void execute() {
        step(1, "SendMad (SubnSet(PortInfo where AttributeModifier = 0, SubnetTimeOut = 0))");
        changed = true;
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        0,
                        writeBack(port0).subnetTimeOut(0).build().toBytes())
                .requireOk();
        int width = anotherWidth(other);
        step(
                2,
                "SendMad (SubnSet(PortInfo where AttributeModifier = " + otherPort + ", LinkWidthEnabled = " + width
                        + "))");
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        otherPort,
                        writeBack(other).linkWidthEnabled(width).build().toBytes())
                .requireOk();

        step(3, "TRAP1 = ReceiveMad (SubnTrap(Notice) with TrapNumber 144 and LinkWidthEnabledChange)");
        TrapInbox.Trap trap1 = mad().receiveLocalChanges(
                        RAISED, traps, Notice.LocalChangesTrap.CHANGE_LINK_WIDTH_ENABLED, "LinkWidthEnabledChange");
        check(RAISED, "Notice:IssuerLID", mad().dutLid(), trap1.notice().issuerLid());

        step(4, "TRAP2 = ReceiveMad (SubnTrap(Notice) with TrapNumber 144), not repressed: REPEAT_INTERVAL");
        Optional<TrapInbox.Trap> second = traps.next(Notice.TRAP_LOCAL_CHANGES, mad().timeout());
        if (second.isEmpty()) {
            notApplicable("the DUT did not repeat trap 144 within "
                    + mad().timeout().toMillis() + " ms: there is no repetition to repress");
        }
        TrapInbox.Trap trap2 = second.orElseThrow();
        Duration interval = Duration.ofNanos(trap2.nanos() - trap1.nanos());
        note(String.format(
                "REPEAT_INTERVAL = %d ms; TRAP1's TID 0x%016x, TRAP2's 0x%016x",
                interval.toMillis(), trap1.transactionId(), trap2.transactionId()));

        step(5, "SendMad (SubnTrapRepress(Notice) with TRAP2's TransactionID)");
        long repressedAt = ctx().bench().trace().now();
        mad().repress(trap2);

        step(
                6,
                "Verify no SubnTrap(Notice) with TrapNumber 144 comes within " + WATCH_INTERVALS
                        + " x REPEAT_INTERVAL");
        Duration watch = interval.multipliedBy(WATCH_INTERVALS);
        long end = repressedAt + watch.toNanos();
        boolean crossed = false;
        long left;
        while ((left = end - ctx().bench().trace().now()) > 0) {
            Optional<TrapInbox.Trap> repeat = traps.next(Notice.TRAP_LOCAL_CHANGES, Duration.ofNanos(left));
            if (repeat.isEmpty()) {
                break;
            }
            long after = repeat.get().nanos() - repressedAt;
            checkThat(
                    REPRESSED,
                    "trap 144 repeated " + Duration.ofNanos(after).toMillis() + " ms after the TrapRepress",
                    !crossed,
                    "none after one that crossed the TrapRepress",
                    "a second one");
            note("a repeat " + Duration.ofNanos(after).toMillis()
                    + " ms after the TrapRepress: it may have crossed it");
            crossed = true;
        }
    }

    /** Puts back LinkWidthEnabled and SubnetTimeOut, and represses the trap 144 that the change back raises. */
    @Override
    protected void cleanup() {
        if (traps == null) {
            return;
        }
        try (TrapInbox inbox = traps) {
            if (!changed) {
                return;
            }
            mad().subnSet(
                            PortInfo.ATTRIBUTE_ID,
                            otherPort,
                            writeBack(other).build().toBytes());
            mad().subnSet(PortInfo.ATTRIBUTE_ID, 0, writeBack(port0).build().toBytes());
            inbox.next(Notice.TRAP_LOCAL_CHANGES, mad().timeout()).ifPresent(mad()::repress);
            note("cleanup: LinkWidthEnabled of port " + otherPort + " and SubnetTimeOut of port 0 are back");
        }
    }

    /** A LinkWidthEnabled within LinkWidthSupported other than the port's. */
    private int anotherWidth(PortInfo p) {
        int lowest = Integer.lowestOneBit(p.linkWidthSupported());
        int width = lowest != p.linkWidthEnabled() ? lowest : p.linkWidthSupported();
        if (width == p.linkWidthEnabled()) {
            notApplicable("port " + otherPort + " supports only LinkWidthEnabled " + width);
        }
        return width;
    }
}
