package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 24.1.5.16.3 SMInfo, unsupported attribute (IBA 14.2.5.13, 14.4.1): SMInfo belongs to a subnet manager; a node where
 * none runs (its end port's CapabilityMask.IsSM = 0) does not support it. If the end port advertises
 * CapabilityMask.IsSMdisabled (an SM that is present but disabled), SubnGet and SubnSet of SMInfo get no answer at
 * all (C14-70); otherwise they are answered with status 3 (C14-31).
 *
 * <p>The CTS text of this procedure is not public; its title, coverage and qualifier are. The steps are ibmesh's. That
 * the SMA answers nothing is established with a fence (a SubnGet(NodeInfo) right after, which it answers) and the
 * DUT's response time.
 */
@Cts(
        id = "C14_024_13_3",
        section = "24.1.5.16.3",
        title = "SMInfo, unsupported attribute",
        coverage = {"v1c14-024.1.1", "v1c14-031", "v1c14-070"},
        assertions = {"v1c14-024.1.1#13.01", "v1c14-031#01", "v1c14-070#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"no SM runs on the DUT (PortInfo:CapabilityMask.IsSM = 0)"},
        provenBy = {"answer-unsupported-attributes"})
public final class C14_024_13_3 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#13.01";
    private static final String SILENT = "v1c14-070#01";
    private static final String NAME = "SMInfo";

    @Override
    protected void execute() {
        MadExchange portInfo = get(1, GET, PortInfo.ATTRIBUTE_ID, "PortInfo", endPort());
        status(GET, 0, portInfo);
        PortInfo end = PortInfo.decode(portInfo.smpData(), 0);
        step(3, "Verify PortInfo:CapabilityMask.IsSM == 0");
        if (end.hasCapability(PortInfo.CAP_IS_SM)) {
            notApplicable("PortInfo:CapabilityMask.IsSM = 1: an SM runs on the DUT and answers SMInfo");
        }
        if (!end.hasCapability(PortInfo.CAP_IS_SM_DISABLED)) {
            note("PortInfo:CapabilityMask.IsSMdisabled = 0: SMInfo is answered with status 3");
            unsupported(4, SmInfo.ATTRIBUTE_ID, NAME, 0);
            return;
        }
        note("PortInfo:CapabilityMask.IsSMdisabled = 1: SMInfo gets no answer");
        for (int method : new int[] {Method.GET, Method.SET}) {
            step(
                    method == Method.GET ? 4 : 6,
                    "SendMad (Subn" + Method.name(method) + "(SMInfo)), then SendMad"
                            + " (SubnGet(NodeInfo)); Verify no response comes for the first");
            mad().expectNoResponse(
                            SILENT,
                            mad().directed(method, SmInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut()),
                            mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut()));
        }
    }
}
