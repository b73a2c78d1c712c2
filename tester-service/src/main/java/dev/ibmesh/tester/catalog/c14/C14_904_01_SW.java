package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.TrapInbox;

/**
 * A new NodeDescription raises trap 144, "local changes", with NodeDescriptionChange set (IBA 14.3.11, the
 * LocalChangesTrap notice; IBA 14.2.5.1 traps go to the master SM). The tester, the DUT's master SM, sets the switch's
 * NodeDescription (port 0 advertises IsSetNodeDescriptionSupported in CapabilityMask2 and
 * IsOtherLocalChangesNoticeSupported), receives the trap, represses it and checks the notice: a generic Info notice
 * from a switch, issued and addressed with port 0's LID, OtherLocalChanges 1, NodeDescriptionChange set, port 0's
 * CapabilityMask. Cleanup puts the NodeDescription back and represses the trap that raises.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no trap procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C14_904_01_SW",
        title = "Trap 144 with NodeDescriptionChange on a new NodeDescription",
        coverage = {"IBA 14.3.11", "IBA 14.2.5.1"},
        assertions = {"v1c14-904#01", "v1c14-904#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {
            "PortInfo:CapabilityMask.IsTrapSupported = 1",
            "IsOtherLocalChangesNoticeSupported = 1",
            "PortInfo:CapabilityMask2.IsSetNodeDescriptionSupported = 1"
        },
        ownId = true,
        provenBy = {"no-node-description-trap"})
public final class C14_904_01_SW extends MadProcedure {
    static final String NEW_DESCRIPTION = "ibmesh C14_904_01_SW";

    private static final String RAISED = "v1c14-904#01";
    private static final String NOTICE = "v1c14-904#02";

    private PortInfo port0;
    private NodeDescription original;
    private TrapInbox traps;

    @Override
    protected void initialize() {
        port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        if (!port0.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)
                || !port0.hasCapability(PortInfo.CAP_IS_OTHER_LOCAL_CHANGES_NOTICE_SUPPORTED)
                || (port0.capabilityMask2() & PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED) == 0) {
            notApplicable(String.format(
                    "port 0 does not raise trap 144 for a NodeDescription it can be given (CapabilityMask 0x%08x,"
                            + " CapabilityMask2 0x%04x)",
                    port0.capabilityMask(), port0.capabilityMask2()));
        }
        int testerLid = ctx().bench().link().testerLid();
        if (port0.masterSmLid() != testerLid) {
            throw new TesterError("the DUT's MasterSMLID is " + port0.masterSmLid() + ", not the tester's LID "
                    + testerLid + ": its traps go elsewhere");
        }
        original = NodeDescription.decode(
                mad().subnGet(NodeDescription.ATTRIBUTE_ID, 0).smpData(), 0);
        traps = mad().traps();
    }

    @Override
    protected void execute() {
        step(1, "SendMad (SubnSet(NodeDescription = \"" + NEW_DESCRIPTION + "\"))");
        NodeDescription set = NodeDescription.decode(
                mad().subnSet(
                                NodeDescription.ATTRIBUTE_ID,
                                0,
                                NodeDescription.of(NEW_DESCRIPTION).toBytes())
                        .requireOk()
                        .smpData(),
                0);
        check(RAISED, "NodeDescription", NEW_DESCRIPTION, set.text());

        step(
                2,
                "ReceiveMad (SubnTrap(Notice) with TrapNumber 144 and NodeDescriptionChange); SendMad"
                        + " (SubnTrapRepress(Notice))");
        TrapInbox.Trap trap = mad().receiveLocalChanges(
                        RAISED, traps, Notice.LocalChangesTrap.CHANGE_NODE_DESCRIPTION, "NodeDescriptionChange");
        mad().repress(trap);

        step(3, "Verify the Notice's fields");
        Notice notice = trap.notice();
        int lid = mad().dutLid();
        check(NOTICE, "Notice:IsGeneric", 1, notice.isGeneric());
        check(NOTICE, "Notice:Type", Notice.TYPE_INFO, notice.type());
        check(NOTICE, "Notice:ProducerType", NodeInfo.NODE_TYPE_SWITCH, notice.producerType());
        check(NOTICE, "Notice:IssuerLID", lid, notice.issuerLid());
        Notice.LocalChangesTrap details = (Notice.LocalChangesTrap) notice.details();
        check(NOTICE, "Notice:DataDetails.LIDADDR", lid, details.lidAddr());
        check(NOTICE, "Notice:DataDetails.OtherLocalChanges", 1, details.otherLocalChanges());
        check(
                NOTICE,
                "Notice:DataDetails.CapabilityMask",
                String.format("0x%08x", port0.capabilityMask() & 0xFFFF_FFFFL),
                String.format("0x%08x", details.capabilityMask()));
    }

    /** Puts the NodeDescription back and represses the trap 144 that raises. */
    @Override
    protected void cleanup() {
        if (traps == null) {
            return;
        }
        try (TrapInbox inbox = traps) {
            mad().subnSet(NodeDescription.ATTRIBUTE_ID, 0, original.toBytes());
            inbox.next(Notice.TRAP_LOCAL_CHANGES, mad().silence()).ifPresent(mad()::repress);
            note("cleanup: NodeDescription is \"" + original.text() + "\" again");
        }
    }
}
