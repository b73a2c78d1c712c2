package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.PortInfos;
import java.util.function.ToIntFunction;

/**
 * What the PortInfo "RW fields with illegal values" parts of the CTS share (24.1.5.17.2 for switch external ports,
 * 24.1.5.17.6 for enhanced switch port 0): a SubnSet(PortInfo) with an illegal value in one read-write component at a
 * time must be answered with status code 7 and change nothing (C14-24, C13-24: "one or more fields contain an invalid
 * value"). The parts differ only in the port they address and in how they decide that the port qualifies.
 *
 * <p>Each illegal value is tried alone, on a copy of the PortInfo read first (the CTS text keeps modifying the same
 * PORT_INFO_DATA1, so after its step 14 every Set would be rejected for LinkWidthEnabled alone). The copy carries
 * PortState and PortPhysicalState 0 ("no change"), as a subnet manager writes a PortInfo back: the values read (e.g.
 * PortPhysicalState LinkUp) cannot be set, and would make every Set invalid by themselves. {@link
 * #requireUnchangedCopyAccepted} checks that such an unchanged copy is accepted, or the later checks would prove
 * nothing. Steps 14-20 are skipped when LinkWidthSupported includes 12x (the CTS says "== 11", i.e. 1x, 4x and 12x;
 * 8 = 12x is legal on any port that supports 12x). After each rejected Set, the Get checks LinkWidthEnabled as the
 * CTS does, and the component the Set tried to change.
 */
abstract class PortInfoIllegalValues extends MadProcedure {
    static final String SET_CHECKS = "v1c14-024.1.1#06.01, v1c14-024.1.1#06.04, v1c14-030#01";
    static final String STATUS_7 = "v1c13-024#07";
    /** LinkWidthEnabled bit for 12x. */
    private static final int WIDTH_12X = PortInfo.LINK_WIDTH_12X;

    /** PORT_INFO_DATA: the port's PortInfo as read before any Set. */
    private PortInfo portInfoData;
    /** The AttributeModifier of every Set and Get: the port under test. */
    private int port;
    /** A Set with an illegal value was taken: {@link #cleanup()} puts PORT_INFO_DATA back. */
    private boolean illegalTaken;

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

    /**
     * Steps 3-4: SubnGet(PortInfo where AttributeModifier = {@code port}) and PORT_INFO_DATA from its response. The
     * port under test from now on.
     */
    protected final PortInfo readPortInfoData(int port) {
        this.port = port;
        step(3, "SendMad (SubnGet(PortInfo where MADHeader:AttributeModifier = " + port + "))");
        MadExchange get = mad().subnGet(PortInfo.ATTRIBUTE_ID, port);
        step(4, "PORT_INFO_DATA = ReceiveMad (SubnGetResp(PortInfo):MADHeader:MADData)");
        mad().verifyResponse("v1c14-024.1.1#06.02, v1c14-030#01", get);
        check("v1c14-024.1.1#06.02", "MADHeader:Status.Code", 0, get.statusCode());
        portInfoData = PortInfo.decode(get.smpData(), 0);
        return portInfoData;
    }

    /** A SubnSet of PORT_INFO_DATA written back unchanged must be accepted, or the illegal-value checks prove nothing. */
    protected final void requireUnchangedCopyAccepted() {
        MadExchange unchanged =
                mad().subnSet(PortInfo.ATTRIBUTE_ID, port, legalCopy().build().toBytes());
        if (unchanged.statusCode() != 0) {
            throw new TesterError("the DUT rejects a SubnSet(PortInfo) of port " + port
                    + " that changes nothing (status code " + unchanged.statusCode()
                    + "): the illegal-value checks would prove nothing");
        }
    }

    /** Steps 7-92: every read-write component with an illegal value, one at a time. */
    protected final void illegalValues() {
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
        MadExchange again = mad().subnGet(PortInfo.ATTRIBUTE_ID, port);
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
        step(
                first + 1,
                "SendMad (SubnSet(PortInfo where AttributeModifier = " + port + ", MADData = PORT_INFO_DATA1))");
        MadExchange set =
                mad().subnSet(PortInfo.ATTRIBUTE_ID, port, data1.build().toBytes());
        step(first + 2, "SMP_DATA = ReceiveMad (SubnGetResp(PortInfo))");
        step(first + 3, "Verify SMP_DATA format");
        check(
                SET_CHECKS,
                "MADHeader:AttributeID",
                "0x0015",
                String.format("0x%04X", set.header().attributeId()));
        check(SET_CHECKS, "MADHeader:AttributeModifier", port, set.header().attributeModifier());
        illegalTaken |= set.statusCode() == 0;
        check(STATUS_7, "MADHeader:Status.Code", 7, set.statusCode());
        step(first + 4, "SendMad (SubnGet(PortInfo where AttributeModifier = " + port + "))");
        MadExchange get = mad().subnGet(PortInfo.ATTRIBUTE_ID, port);
        step(first + 5, "SMP_DATA = ReceiveMad (SubnGetResp(PortInfo))");
        step(first + 6, "Verify SMP_DATA format");
        check(
                SET_CHECKS,
                "MADHeader:AttributeID",
                "0x0015",
                String.format("0x%04X", get.header().attributeId()));
        check(SET_CHECKS, "MADHeader:AttributeModifier", port, get.header().attributeModifier());
        check(SET_CHECKS, "MADHeader:Status.Code", 0, get.statusCode());
        PortInfo now = PortInfo.decode(get.smpData(), 0);
        check(SET_CHECKS, "SMPData.LinkWidthEnabled", portInfoData.linkWidthEnabled(), now.linkWidthEnabled());
        check(SET_CHECKS, "SMPData." + field, component.applyAsInt(portInfoData), component.applyAsInt(now));
    }

    /**
     * A DUT that took an illegal value is left as it was found, so the FAIL stays this procedure's and does not
     * follow the DUT into the next one.
     */
    @Override
    protected void cleanup() {
        if (illegalTaken) {
            MadExchange back = mad().subnSet(
                            PortInfo.ATTRIBUTE_ID, port, legalCopy().build().toBytes());
            note("cleanup: the DUT took an illegal value; PORT_INFO_DATA written back to port " + port + ": status "
                    + back.statusCode());
        }
    }

    /** PORT_INFO_DATA as a subnet manager writes it back. */
    private PortInfo.Builder legalCopy() {
        return PortInfos.writeBack(portInfoData);
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
