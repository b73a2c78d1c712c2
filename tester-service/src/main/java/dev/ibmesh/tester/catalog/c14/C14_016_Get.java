package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 14.1.4.2 M_Key checking for SubnGet(): once the DUT has an M_Key, what a SubnGet(PortInfo) carrying a wrong M_Key
 * gets depends on M_KeyProtectBits (IBA 14.2.4.1):
 * <ul>
 *   <li>0 (sub-case .1, steps 4-5): it is answered, and PortInfo shows the M_Key;</li>
 *   <li>1 (sub-case .2, steps 6-10): it is answered, but PortInfo:M_Key reads 0; the right M_Key still reads it;</li>
 *   <li>2 and 3 (sub-case .3, steps 11-18): it is discarded, with no response, and M_KeyViolations counts it.</li>
 * </ul>
 *
 * <p>The CTS's step text for this procedure is not public, only its purpose, coverage and sub-cases: the steps here
 * are ibmesh's, named after the CTS's helpers (PerformInitialSteps, TestProtectBits0/1/2or3), and so are the
 * assertion numbers after the compliance statement. That a Get with the wrong M_Key is discarded is established with a
 * fence ({@link dev.ibmesh.tester.mad.MadTester#expectNoResponse}): the same Get with the right M_Key, sent right
 * after it, is answered while no answer to the first came, and the DUT's response time has passed. A DUT that does
 * not check M_Keys fails at step 8.
 */
@Cts(
        id = "C14_016_Get",
        section = "14.1.4.2",
        title = "M_Key checking for SubnGet() with M_KeyProtectBits 0, 1 and 2-3",
        coverage = {"v1c14-016", "v1c14-029"},
        assertions = {"v1c14-016#01", "v1c14-016#02", "v1c14-016#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"ignore-m-key"})
public final class C14_016_Get extends MKeyProcedure {
    private static final String BITS_0 = "v1c14-016#01";
    private static final String BITS_1 = "v1c14-016#02";
    private static final String BITS_2_OR_3 = "v1c14-016#03";

    @Override
    protected void execute() {
        performInitialSteps(BITS_0);
        testProtectBits0();
        testProtectBits1();
        testProtectBits2or3(11, 2);
        testProtectBits2or3(15, 3);
    }

    private void testProtectBits0() {
        step(4, "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)) with M_KeyProtectBits = 0");
        MadExchange get = get(BITS_0, WRONG_M_KEY);
        step(5, "ReceiveMad (SubnGetResp(PortInfo)); Verify SMPData.M_Key == M_KEY_DUT");
        mad().verifyResponse(BITS_0, get);
        check(BITS_0, "MADHeader:Status.Code", 0, get.statusCode());
        check(
                BITS_0,
                "SMPData.M_Key",
                hex(M_KEY_DUT),
                hex(PortInfo.decode(get.smpData(), 0).mKey()));
    }

    private void testProtectBits1() {
        step(6, "SendMad (SubnSet(PortInfo where M_KeyProtectBits = 1, M_Key = M_KEY_DUT))");
        protectBits(BITS_1, 1);
        step(7, "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key))");
        MadExchange wrong = get(BITS_1, WRONG_M_KEY);
        step(8, "ReceiveMad (SubnGetResp(PortInfo)); Verify SMPData.M_Key == 0");
        mad().verifyResponse(BITS_1, wrong);
        check(BITS_1, "MADHeader:Status.Code", 0, wrong.statusCode());
        check(
                BITS_1,
                "SMPData.M_Key",
                hex(0),
                hex(PortInfo.decode(wrong.smpData(), 0).mKey()));
        step(9, "SendMad (SubnGet(PortInfo where M_Key = M_KEY_DUT))");
        MadExchange right = get(BITS_1, M_KEY_DUT);
        step(10, "ReceiveMad (SubnGetResp(PortInfo)); Verify SMPData.M_Key == M_KEY_DUT");
        check(BITS_1, "MADHeader:Status.Code", 0, right.statusCode());
        check(
                BITS_1,
                "SMPData.M_Key",
                hex(M_KEY_DUT),
                hex(PortInfo.decode(right.smpData(), 0).mKey()));
    }

    /** Steps {@code first} to {@code first + 3} with M_KeyProtectBits = {@code bits} (2 or 3). */
    private void testProtectBits2or3(int first, int bits) {
        step(first, "SendMad (SubnSet(PortInfo where M_KeyProtectBits = " + bits + ", M_Key = M_KEY_DUT))");
        int violations = protectBits(BITS_2_OR_3, bits).mKeyViolations();
        step(
                first + 1,
                "SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)), then SendMad (SubnGet(PortInfo where M_Key ="
                        + " M_KEY_DUT)); Verify no SubnGetResp(PortInfo) comes for the first: the SMA discards it");
        MadExchange right = mad().expectNoResponse(BITS_2_OR_3, getRequest(WRONG_M_KEY), getRequest(M_KEY_DUT));
        step(first + 2, "ReceiveMad (SubnGetResp(PortInfo)) of the second; Verify SMPData.M_Key == M_KEY_DUT");
        check(BITS_2_OR_3, "MADHeader:Status.Code", 0, right.statusCode());
        PortInfo now = PortInfo.decode(right.smpData(), 0);
        check(BITS_2_OR_3, "SMPData.M_Key", hex(M_KEY_DUT), hex(now.mKey()));
        step(first + 3, "Verify SMPData.M_KeyViolations counted the discarded SubnGet");
        check(BITS_2_OR_3, "SMPData.M_KeyViolations", Math.min(0xFFFF, violations + 1), now.mKeyViolations());
    }
}
