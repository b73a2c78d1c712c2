package dev.ibmesh.tester.catalog.c13;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * A request with a method its class does not define, or the agent does not support, is answered with status 2,
 * "method not supported" (IBA 13.4.7 Table 110, C13-24; the SMA's methods are Get, Set, GetResp, Trap and TrapRepress,
 * IBA 14.2.1 and C14-3). The answer is a response (R bit) with the request's TransactionID; the IBA names no response
 * method for a method the responder does not know (Linux answers GetResp), so the Method is not checked further.
 *
 * <p>Sub-case .1 (steps 1-2): a SubnSend (0x03, a method of the GSI classes, not of SMPs) of NodeInfo to the SMA.
 * Sub-case .2 (steps 3-4): a PerfMgt Send of ClassPortInfo to the PMA, whose methods are Get and Set.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no procedure for it (the attribute procedures leave method
 * checks to "tests for v1c14-003"); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C13_902_01",
        title = "Unsupported method: status 2 (method not supported) from the SMA and the PMA",
        coverage = {"IBA 13.4.7", "v1c13-024", "v1c14-003"},
        assertions = {"v1c13-902#01", "v1c13-902#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"answer-unsupported-method"})
public final class C13_902_01 extends MadRulesProcedure {
    private static final String SMA = "v1c13-902#01";
    private static final String PMA = "v1c13-902#02";

    @Override
    protected void execute() {
        step(1, "SendMad (SubnSend(NodeInfo)): MADHeader:Method = 0x03");
        MadExchange sma = mad().send(SMA, smp(MadHeader.BASE_VERSION, 1, Method.SEND, NodeInfo.ATTRIBUTE_ID, 0));
        step(2, "ReceiveMad (the response); Verify MADHeader:Status.Code == 2 (method not supported)");
        status(SMA, sma, MadStatus.CODE_METHOD_UNSUPPORTED);

        step(3, "SendMad (Send(ClassPortInfo) of PerfMgt): MADHeader:Method = 0x03");
        MadExchange pma = mad().send(
                        PMA,
                        pma(MadHeader.BASE_VERSION, PmaMad.CLASS_VERSION, Method.SEND, ClassPortInfo.ATTRIBUTE_ID));
        step(4, "ReceiveMad (the response); Verify MADHeader:Status.Code == 2 (method not supported)");
        status(PMA, pma, MadStatus.CODE_METHOD_UNSUPPORTED);
    }
}
