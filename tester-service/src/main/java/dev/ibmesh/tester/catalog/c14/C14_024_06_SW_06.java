package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import java.util.function.ToIntFunction;

/**
 * 24.1.5.17.6 PortInfo for switch only, part 6: SubnSet(PortInfo) on enhanced switch port 0 with an illegal value in
 * one read-write component at a time must be answered with status code 7 and change nothing (C14-24, C13-24: "one or
 * more fields contain an invalid value").
 *
 * <p>Two departures from the CTS text, both so that a check proves what it claims:
 * <ul>
 *   <li>Each illegal value is tried alone, on a copy of the PortInfo read in step 4 (the CTS text keeps modifying the
 *       same PORT_INFO_DATA1, so after step 14 every Set would be rejected for LinkWidthEnabled alone). The copy
 *       carries PortState and PortPhysicalState 0 ("no change"), as a subnet manager writes a PortInfo back: the
 *       values read (e.g. PortPhysicalState LinkUp) cannot be set, and would make every Set invalid by themselves.
 *       Step 6 checks that such an unchanged copy is accepted, or the later checks would prove nothing.</li>
 *   <li>Steps 14-20 are skipped when LinkWidthSupported includes 12x (the CTS says "== 11", i.e. 1x, 4x and 12x;
 *       8 = 12x is legal on any port that supports 12x).</li>
 * </ul>
 * After each rejected Set, the Get checks LinkWidthEnabled as the CTS does, and the component the Set tried to change.
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
public final class C14_024_06_SW_06 extends MadProcedure {
    private static final String SET_CHECKS = "v1c14-024.1.1#06.01, v1c14-024.1.1#06.04, v1c14-030#01";
    private static final String STATUS_7 = "v1c13-024#07";
    /** LinkWidthEnabled bit for 12x. */
    private static final int WIDTH_12X = PortInfo.LINK_WIDTH_12X;

    private PortInfo portInfoData;

    @Override
    protected void initialize() {
        PortInfo port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        note("1. PortState of the DUT's link port is Init, Armed or Active (the bench brought the link up)");
        PortInfo link = PortInfo.decode(
                mad().subnGet(PortInfo.ATTRIBUTE_ID, ctx().bench().link().dutPort())
                        .smpData(),
                0);
        if (link.portState() < PortInfo.PORT_STATE_INIT || link.portState() > PortInfo.PORT_STATE_ACTIVE) {
            throw new TesterError(
                    "initialization: the DUT's port " + ctx().bench().link().dutPort() + " is in PortState "
                            + link.portState() + ", not Init, Armed or Active");
        }
        note("2-3. DUT PortInfo:M_Key = 0 and M_KeyProtectBits = 0");
        if (port0.mKey() != 0 || port0.mKeyProtectBits() != 0) {
            throw new TesterError("initialization: the DUT's M_Key is 0x" + Long.toHexString(port0.mKey())
                    + " with M_KeyProtectBits " + port0.mKeyProtectBits() + "; the procedure needs 0 and 0");
        }
    }

    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(SwitchInfo))");
        MadExchange switchInfo = mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0);
        step(2, "ENHANCED_PORT_0 = ReceiveMad (SubnGetResp(SwitchInfo):EnhancedPort0)");
        mad().verifyResponse("v1c14-030#01", switchInfo);
        boolean enhancedPort0 = SwitchInfo.decode(switchInfo.smpData(), 0).enhancedPort0();

        step(3, "SendMad (SubnGet(PortInfo))");
        MadExchange get = mad().subnGet(PortInfo.ATTRIBUTE_ID, 0);
        step(4, "PORT_INFO_DATA = ReceiveMad (SubnGetResp(PortInfo):MADHeader:MADData)");
        mad().verifyResponse("v1c14-024.1.1#06.02, v1c14-030#01", get);
        check("v1c14-024.1.1#06.02", "MADHeader:Status.Code", 0, get.statusCode());
        portInfoData = PortInfo.decode(get.smpData(), 0);

        step(5, "Verify ENHANCED_PORT_0 == 1");
        if (!enhancedPort0) {
            notApplicable("SwitchInfo:EnhancedPort0 = 0 (base switch port 0)");
        }
        step(6, "ENHANCED_PORT_0 != 0");
        MadExchange unchanged =
                mad().subnSet(PortInfo.ATTRIBUTE_ID, 0, legalCopy().build().toBytes());
        if (unchanged.statusCode() != 0) {
            throw new TesterError("the DUT rejects a SubnSet(PortInfo) that changes nothing (status code "
                    + unchanged.statusCode() + "): the illegal-value checks would prove nothing");
        }

        illegal(
                7,
                "LinkWidthEnabled = reserved value",
                "LinkWidthEnabled",
                PortInfo::linkWidthEnabled,
                legalCopy().linkWidthEnabled(0x20));
        if ((portInfoData.linkWidthSupported() & WIDTH_12X) != 0) {
            skip(14, 20, "LinkWidthSupported " + portInfoData.linkWidthSupported() + " includes 12x");
        } else {
            illegal(
                    14,
                    "LinkWidthEnabled = 8 (12x, above LinkWidthSupported)",
                    "LinkWidthEnabled",
                    PortInfo::linkWidthEnabled,
                    legalCopy().linkWidthEnabled(WIDTH_12X));
        }
        int state = portInfoData.portState();
        illegal(
                21,
                "PortState = non-legal transition from " + state,
                "PortState",
                PortInfo::portState,
                legalCopy().portState(illegalTransitionFrom(state)));
        illegal(
                28,
                "PortPhysicalState = reserved value greater than 3",
                "PortPhysicalState",
                PortInfo::portPhysicalState,
                legalCopy().portPhysicalState(4));
        illegal(
                35,
                "PortPhysicalState = value greater than 3",
                "PortPhysicalState",
                PortInfo::portPhysicalState,
                legalCopy().portPhysicalState(6));
        illegal(
                42,
                "LinkDownDefaultState = reserved value",
                "LinkDownDefaultState",
                PortInfo::linkDownDefaultState,
                legalCopy().linkDownDefaultState(3));
        illegal(
                49,
                "LinkSpeedEnabled = reserved value",
                "LinkSpeedEnabled",
                PortInfo::linkSpeedEnabled,
                legalCopy().linkSpeedEnabled(8));
        illegal(
                56,
                "NeighborMTU = reserved value",
                "NeighborMTU",
                PortInfo::neighborMtu,
                legalCopy().neighborMtu(6));
        if (portInfoData.mtuCap() == PortInfo.MTU_4096) {
            skip(63, 69, "MTUCap supports the largest MTU (4096)");
        } else {
            illegal(
                    63,
                    "NeighborMTU = value greater than MTUCap",
                    "NeighborMTU",
                    PortInfo::neighborMtu,
                    legalCopy().neighborMtu(portInfoData.mtuCap() + 1));
        }
        step(70, "SendMad (SubnGet(PortInfo))");
        MadExchange again = mad().subnGet(PortInfo.ATTRIBUTE_ID, 0);
        step(71, "SMP_DATA = ReceiveMad (SubnGetResp(PortInfo))");
        check("v1c14-024.1.1#06.02", "MADHeader:Status.Code", 0, again.statusCode());
        if (!portInfoData.hasCapability(PortInfo.CAP_IS_REINIT_SUPPORTED)) {
            skip(72, 78, "InitTypeReply is not supported (CapabilityMask.IsReinitSupported = 0)");
        } else {
            illegal(
                    72,
                    "InitTypeReply = value larger than 8",
                    "InitTypeReply",
                    PortInfo::initTypeReply,
                    legalCopy().initTypeReply(9));
        }
        illegal(
                79,
                "OperationalVLs = reserved value",
                "OperationalVLs",
                PortInfo::operationalVls,
                legalCopy().operationalVls(6));
        if (portInfoData.vlCap() >= 5) {
            skip(86, 92, "VLCap supports every option (VL0-VL14)");
        } else {
            illegal(
                    86,
                    "OperationalVLs = value greater than VLCap",
                    "OperationalVLs",
                    PortInfo::operationalVls,
                    legalCopy().operationalVls(portInfoData.vlCap() + 1));
        }
    }

    /**
     * Steps {@code first} to {@code first + 6}: PORT_INFO_DATA1 = the illegal copy; SubnSet must answer status 7
     * (steps 1-3 of the group); a SubnGet must show the port unchanged (steps 4-6).
     */
    private void illegal(
            int first, String change, String field, ToIntFunction<PortInfo> component, PortInfo.Builder data1) {
        step(first, "PORT_INFO_DATA1 = PORT_INFO_DATA with " + change);
        step(first + 1, "SendMad (SubnSet(PortInfo where AttributeModifier = 0, MADData = PORT_INFO_DATA1))");
        MadExchange set = mad().subnSet(PortInfo.ATTRIBUTE_ID, 0, data1.build().toBytes());
        step(first + 2, "SMP_DATA = ReceiveMad (SubnGetResp(PortInfo))");
        step(first + 3, "Verify SMP_DATA format");
        check(
                SET_CHECKS,
                "MADHeader:AttributeID",
                "0x0015",
                String.format("0x%04X", set.header().attributeId()));
        check(SET_CHECKS, "MADHeader:AttributeModifier", 0, set.header().attributeModifier());
        check(STATUS_7, "MADHeader:Status.Code", 7, set.statusCode());
        step(first + 4, "SendMad (SubnGet(PortInfo where AttributeModifier = 0))");
        MadExchange get = mad().subnGet(PortInfo.ATTRIBUTE_ID, 0);
        step(first + 5, "SMP_DATA = ReceiveMad (SubnGetResp(PortInfo))");
        step(first + 6, "Verify SMP_DATA format");
        check(
                SET_CHECKS,
                "MADHeader:AttributeID",
                "0x0015",
                String.format("0x%04X", get.header().attributeId()));
        check(SET_CHECKS, "MADHeader:AttributeModifier", 0, get.header().attributeModifier());
        check(SET_CHECKS, "MADHeader:Status.Code", 0, get.statusCode());
        PortInfo now = PortInfo.decode(get.smpData(), 0);
        check(SET_CHECKS, "SMPData.LinkWidthEnabled", portInfoData.linkWidthEnabled(), now.linkWidthEnabled());
        check(SET_CHECKS, "SMPData." + field, component.applyAsInt(portInfoData), component.applyAsInt(now));
    }

    /** PORT_INFO_DATA as a subnet manager writes it back: PortState and PortPhysicalState 0 ("no change"). */
    private PortInfo.Builder legalCopy() {
        return portInfoData.toBuilder()
                .portState(PortInfo.PORT_STATE_NO_CHANGE)
                .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE);
    }

    /** A PortState no Set may ask for from {@code current} (IBA 7.2: Armed only from Init, Active only from Armed). */
    static int illegalTransitionFrom(int current) {
        return switch (current) {
            case PortInfo.PORT_STATE_INIT -> PortInfo.PORT_STATE_ACTIVE;
            case PortInfo.PORT_STATE_ARMED -> PortInfo.PORT_STATE_INIT;
            case PortInfo.PORT_STATE_ACTIVE -> PortInfo.PORT_STATE_ARMED;
            default -> PortInfo.PORT_STATE_ARMED;
        };
    }
}
