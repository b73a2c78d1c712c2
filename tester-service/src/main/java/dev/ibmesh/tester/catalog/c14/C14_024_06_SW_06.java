package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 24.1.5.17.6 PortInfo for switch only, part 6: SubnSet(PortInfo) on enhanced switch port 0 with an illegal value in
 * one read-write component at a time must be answered with status code 7 and change nothing (C14-24, C13-24: "one or
 * more fields contain an invalid value").
 *
 * <p>It departs from the CTS text where {@link PortInfoIllegalValues} says, so that each check proves what it claims:
 * each illegal value is tried alone on a write-back copy of the PortInfo read in step 4, step 6 checks that the
 * unchanged copy is accepted, and steps 14-20 are skipped whenever LinkWidthSupported includes 12x.
 */
@Cts(
        id = "C14_024_06_SW_06",
        section = "24.1.5.17.6",
        title = "PortInfo for switch only - part 6: illegal values in RW components of enhanced switch port 0",
        coverage = {"v1c13-024", "v1c14-024.1.1", "v1c14-027", "v1c14-030"},
        assertions = {
            "v1c13-024#07",
            "v1c14-024.1.1#06.01",
            "v1c14-024.1.1#06.02",
            "v1c14-024.1.1#06.04",
            "v1c14-030#01"
        },
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"SwitchInfo:EnhancedPort0 = 1"},
        widths = {Width.X1, Width.X2, Width.X4, Width.X8, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR})
public final class C14_024_06_SW_06 extends PortInfoIllegalValues {
    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(SwitchInfo))");
        MadExchange switchInfo = mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0);
        step(2, "ENHANCED_PORT_0 = ReceiveMad (SubnGetResp(SwitchInfo):EnhancedPort0)");
        mad().verifyResponse("v1c14-030#01", switchInfo);
        boolean enhancedPort0 = SwitchInfo.decode(switchInfo.smpData(), 0).enhancedPort0();

        readPortInfoData(0);

        step(5, "Verify ENHANCED_PORT_0 == 1");
        if (!enhancedPort0) {
            notApplicable("SwitchInfo:EnhancedPort0 = 0 (base switch port 0)");
        }
        step(6, "ENHANCED_PORT_0 != 0");
        requireUnchangedCopyAccepted();

        illegalValues();
    }
}
