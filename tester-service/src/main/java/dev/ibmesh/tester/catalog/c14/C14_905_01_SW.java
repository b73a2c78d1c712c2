package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.bench.LinkSetup;
import dev.ibmesh.tester.bench.SmpClient;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.TrapInbox;

/**
 * A switch port whose link goes down or up raises trap 128, "link state of at least one port changed" (IBA 14.3.11),
 * to the master SM, and sets SwitchInfo.PortStateChange (IBA 14.2.5.4). The tester, the DUT's master SM, sets the
 * PortState of the DUT's port on the link to Down: the link goes down and trains again (IBA 7.2, the port comes back in
 * Init, where SMPs pass). The trap comes once the link is back, a generic Urgent notice from a switch whose LIDADDR is
 * the switch's LID; the tester represses it. Cleanup brings both ends of the link to Active again, as the bench's setup
 * did, and clears PortStateChange.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no trap procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C14_905_01_SW",
        title = "Trap 128 and SwitchInfo.PortStateChange when a switch port's link goes down and up",
        coverage = {"IBA 14.3.11", "IBA 14.2.5.4", "IBA 7.2"},
        assertions = {"v1c14-905#01", "v1c14-905#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"PortInfo:CapabilityMask.IsTrapSupported = 1"},
        ownId = true,
        provenBy = {"no-link-state-trap"})
public final class C14_905_01_SW extends MadProcedure {
    private static final String RAISED = "v1c14-905#01";
    private static final String NOTICE = "v1c14-905#02";

    private PortInfo link;
    private TrapInbox traps;
    private boolean bounced;

    @Override
    protected void initialize() {
        requireDirectLink("takes the DUT's port on the route down, and brings the tester's link up again after");
        PortInfo port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        if (!port0.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)) {
            notApplicable("port 0 does not advertise IsTrapSupported");
        }
        int testerLid = ctx().bench().link().testerLid();
        if (port0.masterSmLid() != testerLid) {
            throw new TesterError("the DUT's MasterSMLID is " + port0.masterSmLid() + ", not the tester's LID "
                    + testerLid + ": its traps go elsewhere");
        }
        link = PortInfo.decode(
                mad().subnGet(PortInfo.ATTRIBUTE_ID, ctx().bench().link().dutPort())
                        .smpData(),
                0);
        traps = mad().traps();
    }

    @Override
    protected void execute() {
        int dutPort = ctx().bench().link().dutPort();
        step(1, "SendMad (SubnSet(PortInfo where AttributeModifier = " + dutPort + ", PortState = Down))");
        bounced = true;
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        dutPort,
                        writeBack(link)
                                .portState(PortInfo.PORT_STATE_DOWN)
                                .build()
                                .toBytes())
                .requireOk();

        step(2, "ReceiveMad (SubnTrap(Notice) with TrapNumber 128); SendMad (SubnTrapRepress(Notice))");
        TrapInbox.Trap trap = mad().receiveTrap(RAISED, traps, Notice.TRAP_LINK_STATE_CHANGE);
        mad().repress(trap);

        step(3, "Verify the Notice's fields; SendMad (SubnGet(SwitchInfo)); Verify PortStateChange = 1");
        Notice notice = trap.notice();
        int lid = mad().dutLid();
        check(NOTICE, "Notice:IsGeneric", 1, notice.isGeneric());
        check(NOTICE, "Notice:Type", Notice.TYPE_URGENT, notice.type());
        check(NOTICE, "Notice:ProducerType", NodeInfo.NODE_TYPE_SWITCH, notice.producerType());
        check(NOTICE, "Notice:IssuerLID", lid, notice.issuerLid());
        check(NOTICE, "Notice:DataDetails.LIDADDR", lid, ((Notice.LinkStateTrap) notice.details()).lidAddr());
        SwitchInfo info =
                SwitchInfo.decode(mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        check(NOTICE, "SwitchInfo:PortStateChange", true, info.portStateChange());
    }

    /**
     * Brings the link back to Active on both ends as the bench's setup does, clears PortStateChange (written as 1) and
     * represses the traps 128 that are still repeating.
     */
    @Override
    protected void cleanup() {
        if (traps == null) {
            return;
        }
        try (TrapInbox inbox = traps) {
            if (!bounced) {
                return;
            }
            new LinkSetup(
                            new SmpClient(ctx().bench().madPort(), mad().timeout()),
                            ctx().bench().link().testerPort())
                    .bringUp();
            SwitchInfo info =
                    SwitchInfo.decode(mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0).smpData(), 0);
            mad().subnSet(SwitchInfo.ATTRIBUTE_ID, 0, info.toBytes());
            inbox.next(Notice.TRAP_LINK_STATE_CHANGE, mad().silence()).ifPresent(mad()::repress);
            note("cleanup: the link is Active again on both ends, PortStateChange cleared");
        }
    }
}
