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
 * A supported method with an attribute it does not go with is answered with status 3, "method/attribute combination
 * not supported" (IBA 13.4.7 Table 110, C13-24, C14-3): an attribute the class does not define, or a Set of a
 * read-only one.
 *
 * <p>Sub-case .1 (steps 1-2): SubnGet of AttributeID {@value #UNDEFINED_SMP_ATTRIBUTE}, which the IBA does not define
 * for SMPs (reserved, between LinkSpeedWidthPairsTable and SMInfo). Sub-case .2 (steps 3-4): SubnSet(NodeInfo),
 * which is read-only. Sub-case .3 (steps 5-6): PerfMgt Set(ClassPortInfo), which the PMA only reads.
 *
 * <p>ibmesh's own ID: the attribute procedures of the CTS check status 3 for the optional attributes a DUT lacks; no
 * public page has a procedure for undefined attributes. The item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C13_903_01",
        title = "Unsupported method/attribute combination: status 3 from the SMA and the PMA",
        coverage = {"IBA 13.4.7", "v1c13-024", "v1c14-003"},
        assertions = {"v1c13-903#01", "v1c13-903#02", "v1c13-903#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"answer-unsupported-attributes", "ack-set-of-read-only"})
public final class C13_903_01 extends MadRulesProcedure {
    private static final String UNDEFINED = "v1c13-903#01";
    private static final String READ_ONLY = "v1c13-903#02";
    private static final String PMA = "v1c13-903#03";
    /** An SMP AttributeID in a reserved range. */
    static final int UNDEFINED_SMP_ATTRIBUTE = 0x001E;

    @Override
    protected void execute() {
        step(1, String.format("SendMad (SubnGet(AttributeID 0x%04X, not defined for SMPs))", UNDEFINED_SMP_ATTRIBUTE));
        MadExchange undefined =
                mad().send(UNDEFINED, smp(MadHeader.BASE_VERSION, 1, Method.GET, UNDEFINED_SMP_ATTRIBUTE, 0));
        step(
                2,
                "ReceiveMad (SubnGetResp); Verify MADHeader:Status.Code == 3 (method/attribute combination not"
                        + " supported)");
        mad().verifyResponse(UNDEFINED, undefined);
        status(UNDEFINED, undefined, MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED);

        step(3, "SendMad (SubnSet(NodeInfo)), a read-only attribute");
        MadExchange readOnly =
                mad().send(READ_ONLY, smp(MadHeader.BASE_VERSION, 1, Method.SET, NodeInfo.ATTRIBUTE_ID, 0));
        step(4, "ReceiveMad (SubnGetResp(NodeInfo)); Verify MADHeader:Status.Code == 3");
        mad().verifyResponse(READ_ONLY, readOnly);
        status(READ_ONLY, readOnly, MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED);

        step(5, "SendMad (Set(ClassPortInfo) of PerfMgt)");
        MadExchange pma = mad().send(
                        PMA, pma(MadHeader.BASE_VERSION, PmaMad.CLASS_VERSION, Method.SET, ClassPortInfo.ATTRIBUTE_ID));
        step(6, "ReceiveMad (GetResp(ClassPortInfo)); Verify MADHeader:Status.Code == 3");
        mad().verifyResponse(PMA, pma);
        status(PMA, pma, MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED);
    }
}
