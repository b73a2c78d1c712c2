package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * M_Key checking for SubnSet(): once the DUT has an M_Key, a SubnSet carrying another M_Key is discarded whatever
 * M_KeyProtectBits say (IBA 14.2.4.1): no response, no change, and M_KeyViolations counts it. For each of
 * M_KeyProtectBits 0, 1, 2 and 3 (steps 4-8, 9-13, 14-18, 19-23) the procedure sets the protection with the right
 * M_Key (which must be taken), sends a SubnSet(PortInfo) changing SubnetTimeOut with a wrong M_Key, and reads back.
 *
 * <p>The CTS's step text for this procedure is not public (nor its exact section number), only its purpose and
 * coverage: the steps here are ibmesh's, and so are the assertion numbers after the compliance statement. That a
 * SubnSet with the wrong M_Key is discarded is established with a fence
 * ({@link dev.ibmesh.tester.mad.MadTester#expectNoResponse}): a SubnGet with the right M_Key, sent right after it, is
 * answered while no answer to the SubnSet came, and the DUT's response time has passed. A DUT that does not check
 * M_Keys fails at step 5.
 */
@Cts(
        id = "C14_016_Set",
        section = "14.1.4",
        title = "M_Key checking for SubnSet() with M_KeyProtectBits 0 to 3",
        coverage = {"v1c14-016", "v1c14-026", "v1c14-029"},
        assertions = {"v1c14-016#04", "v1c14-016#05"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"ignore-m-key"})
public final class C14_016_Set extends MKeyProcedure {
    /** A SubnSet with the wrong M_Key is discarded: no response. */
    private static final String DISCARDED = "v1c14-016#04";
    /** ... and changes nothing but M_KeyViolations. */
    private static final String UNCHANGED = "v1c14-016#05";

    @Override
    protected void execute() {
        performInitialSteps(DISCARDED);
        for (int bits = 0; bits <= 3; bits++) {
            wrongKeySet(4 + 5 * bits, bits);
        }
    }

    /** Steps {@code first} to {@code first + 4} with M_KeyProtectBits = {@code bits}. */
    private void wrongKeySet(int first, int bits) {
        step(first, "SendMad (SubnSet(PortInfo where M_KeyProtectBits = " + bits + ", M_Key = M_KEY_DUT))");
        PortInfo before = protectBits(UNCHANGED, bits);
        int timeOut = (before.subnetTimeOut() + 1) % 32;
        step(
                first + 1,
                "SendMad (SubnSet(PortInfo where SubnetTimeOut = " + timeOut + ", M_Key = wrong M_Key)), then SendMad"
                        + " (SubnGet(PortInfo where M_Key = M_KEY_DUT)); Verify no response comes for the SubnSet: the"
                        + " SMA discards it");
        MadExchange get = mad().expectNoResponse(
                        DISCARDED,
                        setRequest(writeBack(before).subnetTimeOut(timeOut), WRONG_M_KEY),
                        getRequest(M_KEY_DUT));
        step(first + 2, "ReceiveMad (SubnGetResp(PortInfo)) of the SubnGet");
        check(UNCHANGED, "MADHeader:Status.Code", 0, get.statusCode());
        PortInfo now = PortInfo.decode(get.smpData(), 0);
        step(first + 3, "Verify SMPData.SubnetTimeOut and M_KeyProtectBits unchanged");
        check(UNCHANGED, "SMPData.SubnetTimeOut", before.subnetTimeOut(), now.subnetTimeOut());
        check(UNCHANGED, "SMPData.M_KeyProtectBits", bits, now.mKeyProtectBits());
        step(first + 4, "Verify SMPData.M_KeyViolations counted the discarded SubnSet");
        check(
                UNCHANGED,
                "SMPData.M_KeyViolations",
                Math.min(0xFFFF, before.mKeyViolations() + 1),
                now.mKeyViolations());
    }
}
