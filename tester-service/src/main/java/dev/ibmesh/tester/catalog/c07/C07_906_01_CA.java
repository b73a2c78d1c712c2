package dev.ibmesh.tester.catalog.c07;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadProcedure;

/**
 * A CA port drops a packet whose DLID is not one of its LIDs (C7-10; the exerciser test TD_10.3.1.2.2 sends to the
 * port's LID + 1 with LMC 0). The tester makes sure LMC is 0, sends a LID-routed SubnGet(NodeInfo) to LID + 1, then
 * the same to the port's LID as a fence: only the fence may be answered. No PMA counter is named for the drop (IBA
 * 16.1.3.5 lists none), so none is checked.
 *
 * <p>ibmesh's own ID: the exerciser test's ID is no Java class name; the assertion is the exerciser test's.
 */
@Cts(
        id = "C07_906_01_CA",
        title = "A packet to the CA port's LID + 1 with LMC 0 is dropped unanswered (TD_10.3.1.2.2)",
        coverage = {"IBA 7.8", "C7-10"},
        assertions = {"v1c07-010#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        qualifiers = {"PortInfo:LMC = 0"},
        ownId = true,
        provenBy = {"no-dlid-check"})
public final class C07_906_01_CA extends MadProcedure {
    private static final String DROPPED = "v1c07-010#02";

    @Override
    protected void initialize() {
        requireDirectLink("sends to a LID that is not the DUT's: switches on the way would route or drop it");
        PortInfo port = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port.respTimeValue(), port.subnetTimeOut());
        if (port.lmc() != 0) {
            notApplicable("the port's LMC is " + port.lmc() + ": LID + 1 is one of its LIDs");
        }
    }

    @Override
    protected void execute() {
        int lid = mad().dutLid();
        step(
                1,
                "SendMad (SubnGet(NodeInfo) LID-routed to DLID " + (lid + 1) + "), then to DLID " + lid
                        + "; Verify that only the second is answered");
        HostMad elsewhere = subnGetNodeInfo(lid + 1);
        mad().expectNoResponse(DROPPED, elsewhere, subnGetNodeInfo(lid)).requireOk();
    }

    private HostMad subnGetNodeInfo(int dlid) {
        return mad().lidRouted(dlid, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]);
    }
}
