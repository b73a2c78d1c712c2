package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * LedInfo, unsupported attribute (IBA 14.2.5.15): LedInfo is optional; a node whose end port does not advertise
 * CapabilityMask.IsLEDInfoSupported does not support it, so SubnGet and SubnSet of it are answered with status 3
 * (C14-3, C14-31).
 *
 * <p>ibmesh's own ID: the CTS procedure for LedInfo is not known publicly. A node that advertises the capability does
 * not qualify.
 */
@Cts(
        id = "C14_924_05",
        title = "LedInfo, unsupported attribute",
        coverage = {"v1c14-024.1.1", "v1c14-031"},
        assertions = {"v1c14-924#05", "v1c14-031#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"PortInfo:CapabilityMask.IsLEDInfoSupported = 0"},
        ownId = true,
        provenBy = {"answer-unsupported-attributes"})
public final class C14_924_05 extends AttributeProcedure {
    private static final String GET = "v1c14-924#05";

    @Override
    protected void execute() {
        MadExchange portInfo = get(1, GET, PortInfo.ATTRIBUTE_ID, "PortInfo", endPort());
        status(GET, 0, portInfo);
        step(3, "Verify PortInfo:CapabilityMask.IsLEDInfoSupported == 0");
        if (PortInfo.decode(portInfo.smpData(), 0).hasCapability(PortInfo.CAP_IS_LED_INFO_SUPPORTED)) {
            notApplicable("PortInfo:CapabilityMask.IsLEDInfoSupported = 1: the node supports LedInfo");
        }
        unsupported(4, LedInfo.ATTRIBUTE_ID, "LedInfo", endPort());
    }
}
