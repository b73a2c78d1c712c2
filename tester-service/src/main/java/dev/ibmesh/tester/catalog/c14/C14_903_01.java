package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.TrapInbox;

/**
 * An SMP that fails the M_Key check is reported to the master SM with trap 256, "bad M_Key" (IBA 14.2.4, 14.3.9;
 * the trap table of 14.2.5.1): a generic security notice (Type 2) whose ProducerType is the DUT's NodeType, with the
 * DUT's LID as IssuerLID, and whose DataDetails name the refused SMP: its Method, AttributeID, AttributeModifier and
 * the M_Key it carried; for a directed-route SMP also DRNotice = 1, its DrSLID and its HopCount.
 *
 * <p>After the CTS's initial steps (the DUT gets M_KEY_DUT), a SubnSet(PortInfo) with the wrong M_Key is discarded
 * (step 4, established with a fence: the SubnGet with the right M_Key that follows is answered) and trap 256 must
 * reach the tester, which is the link's master SM (step 5). The tester represses it. LIDADDR is not checked: Linux
 * qib and hfi1 fill it with the issuer's own LID, and the IBA text that says whose LID it is is not public. Trap steps
 * are skipped on a DUT whose management port does not advertise IsTrapSupported.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no trap 256 procedure; the item and assertion numbers are
 * ibmesh's.
 */
@Cts(
        id = "C14_903_01",
        title = "Trap 256 (bad M_Key) for an SMP that fails the M_Key check, with its Notice fields",
        coverage = {"IBA 14.2.4", "IBA 14.3.9"},
        assertions = {"v1c14-903#01", "v1c14-903#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"no-bad-m-key-trap"})
public final class C14_903_01 extends MKeyProcedure {
    private static final String DISCARDED = "v1c14-903#01";
    private static final String TRAPPED = "v1c14-903#02";

    @Override
    protected void execute() {
        PortInfo data = performInitialSteps(DISCARDED);
        try (TrapInbox traps = mad().traps()) {
            step(
                    4,
                    "SendMad (SubnSet(PortInfo where M_Key = wrong M_Key)), then SendMad (SubnGet(PortInfo where"
                            + " M_Key = M_KEY_DUT)); Verify no SubnGetResp comes for the first: the SMA discards it");
            MadExchange fence =
                    mad().expectNoResponse(DISCARDED, setRequest(writeBack(data), WRONG_M_KEY), getRequest(M_KEY_DUT));
            check(DISCARDED, "MADHeader:Status.Code", 0, fence.statusCode());

            step(
                    5,
                    "ReceiveMad (SubnTrap(Notice) with TrapNumber 256); Verify its Notice fields; SendMad"
                            + " (SubnTrapRepress(Notice))");
            if (!data.hasCapability(PortInfo.CAP_IS_TRAP_SUPPORTED)) {
                skip(5, 5, "the DUT's management port does not advertise IsTrapSupported");
                return;
            }
            TrapInbox.Trap trap = mad().receiveTrap(
                            TRAPPED, traps, Notice.TRAP_BAD_M_KEY, "for step 4's SubnSet", this::reportsStep4);
            mad().repress(trap);
            verifyNotice(trap.notice());
        }
    }

    /**
     * Whether {@code trap} reports step 4's SubnSet with the wrong M_Key. Against a switch that earlier procedures
     * shared, a trap 256 one of them caused may still repeat until repressed (IBA 14.2.5.1): noted and passed over.
     */
    private boolean reportsStep4(TrapInbox.Trap trap) {
        Notice.BadMKeyTrap details = (Notice.BadMKeyTrap) trap.notice().details();
        boolean ours = details.method() == Method.SET && details.mKey() == WRONG_M_KEY;
        if (!ours) {
            note(String.format(
                    "passed over a trap 256 for a %s with M_Key %s (TID 0x%016x)",
                    Method.name(details.method()), hex(details.mKey()), trap.transactionId()));
        }
        return ours;
    }

    private void verifyNotice(Notice notice) {
        check(TRAPPED, "Notice:IsGeneric", 1, notice.isGeneric());
        check(TRAPPED, "Notice:Type", Notice.TYPE_SECURITY, notice.type());
        check(TRAPPED, "Notice:ProducerType", ctx().bench().link().dut().nodeType(), notice.producerType());
        check(TRAPPED, "Notice:IssuerLID", mad().dutLid(), notice.issuerLid());
        Notice.BadMKeyTrap details = (Notice.BadMKeyTrap) notice.details();
        check(TRAPPED, "Notice:DataDetails.METHOD", Method.name(Method.SET), Method.name(details.method()));
        check(
                TRAPPED,
                "Notice:DataDetails.ATTRIBUTEID",
                String.format("0x%04X", PortInfo.ATTRIBUTE_ID),
                String.format("0x%04X", details.attributeId()));
        check(TRAPPED, "Notice:DataDetails.ATTRIBUTEMODIFIER", (long) managementPort(), details.attributeModifier());
        check(TRAPPED, "Notice:DataDetails.MKEY", hex(WRONG_M_KEY), hex(details.mKey()));
        check(TRAPPED, "Notice:DataDetails.DRNotice", 1, details.drNotice());
        check(
                TRAPPED,
                "Notice:DataDetails.DRSLID",
                String.format("0x%04X", DrSmp.PERMISSIVE_LID),
                String.format("0x%04X", details.drSlid()));
        check(TRAPPED, "Notice:DataDetails.DRHopCount", mad().pathToDut().length, details.drHopCount());
    }
}
