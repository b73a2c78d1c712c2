package dev.ibmesh.tester.catalog.c07;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadProcedure;

/**
 * A CA port answers every DLID of its LMC range and nothing outside it (C7-66, the exerciser test TD_10.10.1.1.1):
 * the DLID check masks the low LMC bits of the DLID and the base LID. The tester gives the port base LID
 * {@link #BASE_LID} with LMC {@link #LMC} (LIDs 4-7, clear of the tester's LID), sends a LID-routed SubnGet(NodeInfo)
 * to each LID of the range, each answered, then one to the LID after the range with the base LID as a fence: only the
 * fence is answered. The SMPs to the DUT go directed-route, so the new LID does not cut the tester off; cleanup puts
 * LID and LMC back.
 *
 * <p>ibmesh's own ID: the exerciser test's ID is no Java class name; the assertions are the exerciser test's.
 */
@Cts(
        id = "C07_907_01_CA",
        title = "A CA port answers every DLID of its LMC range and nothing outside it (TD_10.10.1.1.1)",
        coverage = {"IBA 7.8", "C7-66", "IBA 14.2.5.6"},
        assertions = {"v1c07-066#01", "v1c07-066#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        ownId = true,
        provenBy = {"dlid-ignores-lmc"})
public final class C07_907_01_CA extends MadProcedure {
    static final int BASE_LID = 4;
    static final int LMC = 2;

    private static final String IN_RANGE = "v1c07-066#01";
    private static final String OUTSIDE = "v1c07-066#02";

    private PortInfo original;

    @Override
    protected void initialize() {
        requireDirectLink("gives the DUT LIDs that no switch on the way routes to it");
        original = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(original.respTimeValue(), original.subnetTimeOut());
        if (ctx().bench().link().testerLid() >> LMC == BASE_LID >> LMC) {
            notApplicable("the tester's LID " + ctx().bench().link().testerLid() + " is in the range the procedure"
                    + " gives the DUT");
        }
    }

    @Override
    protected void execute() {
        int range = 1 << LMC;
        step(1, "SendMad (SubnSet(PortInfo where LID = " + BASE_LID + ", LMC = " + LMC + "))");
        mad().subnSet(
                        PortInfo.ATTRIBUTE_ID,
                        0,
                        writeBack(original).lid(BASE_LID).lmc(LMC).build().toBytes())
                .requireOk();

        step(
                2,
                "SendMad (SubnGet(NodeInfo) LID-routed to each DLID " + BASE_LID + ".." + (BASE_LID + range - 1)
                        + "); Verify each is answered");
        for (int dlid = BASE_LID; dlid < BASE_LID + range; dlid++) {
            mad().send(IN_RANGE, subnGetNodeInfo(dlid)).requireOk();
        }

        int beyond = BASE_LID + range;
        step(
                3,
                "SendMad (SubnGet(NodeInfo) LID-routed to DLID " + beyond + "), then to DLID " + BASE_LID
                        + "; Verify that only the second is answered");
        mad().expectNoResponse(OUTSIDE, subnGetNodeInfo(beyond), subnGetNodeInfo(BASE_LID));
    }

    /** Puts LID and LMC back. */
    @Override
    protected void cleanup() {
        if (original != null) {
            mad().subnSet(PortInfo.ATTRIBUTE_ID, 0, writeBack(original).build().toBytes());
            note("cleanup: LID " + original.lid() + ", LMC " + original.lmc() + " again");
        }
    }

    private HostMad subnGetNodeInfo(int dlid) {
        return mad().lidRouted(dlid, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]);
    }
}
