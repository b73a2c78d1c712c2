package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.PortInfos;
import java.util.List;

/**
 * PortInfo for xCA/router, read-only components (IBA 14.2.5.6, C14-24): a SubnSet(PortInfo) of a CA port that
 * carries another value of one read-only component (CapabilityMask, DiagCode, LocalPortNum, the supported and active
 * widths and speeds, VLCap, InitType, the VL arbitration capacities, MTUCap, GUIDCap, RespTimeValue, MaxCreditHint,
 * LinkRoundTripLatency, CapabilityMask2, the extended speeds) is taken for its read-write components, which it writes
 * back as read, and leaves the read-only one as it was, in its response and in a SubnGet.
 *
 * <p>ibmesh's own ID: the CTS's PortInfo parts for CA ports are known publicly only by their titles (part 3,
 * C14_024_06_CA_03, tries illegal values of the read-write components). Each Set is the PortInfo read, as an SM
 * writes it back (PortState and PortPhysicalState 0, "no change"), with one component changed.
 */
@Cts(
        id = "C14_924_01_CA",
        title = "PortInfo for xCA/router: read-only components",
        coverage = {"v1c14-024.1.1"},
        assertions = {"v1c14-024.1.1#06.02", "v1c14-924#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        ownId = true,
        provenBy = {"write-read-only-port-info"})
public final class C14_924_01_CA extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#06.02";
    private static final String READ_ONLY_KEPT = "v1c14-924#01";
    private static final String NAME = "PortInfo";
    /** The read-only components of a CA port, as IBA 14.2.5.6 lays them out. */
    private static final List<Component> READ_ONLY_COMPONENTS = List.of(
            new Component("CapabilityMask", 160, 32),
            new Component("DiagCode", 192, 16),
            new Component("LocalPortNum", 224, 8),
            new Component("LinkWidthSupported", 240, 8),
            new Component("LinkWidthActive", 248, 8),
            new Component("LinkSpeedSupported", 256, 4),
            new Component("LinkSpeedActive", 280, 4),
            new Component("VLCap", 296, 4),
            new Component("InitType", 300, 4),
            new Component("VLArbitrationHighCap", 312, 8),
            new Component("VLArbitrationLowCap", 320, 8),
            new Component("MTUCap", 332, 4),
            new Component("GUIDCap", 400, 8),
            new Component("RespTimeValue", 419, 5),
            new Component("MaxCreditHint", 432, 16),
            new Component("LinkRoundTripLatency", 456, 24),
            new Component("CapabilityMask2", 480, 16),
            new Component("LinkSpeedExtActive", 496, 4),
            new Component("LinkSpeedExtSupported", 500, 4));

    @Override
    protected void execute() {
        MadExchange get = get(1, GET, PortInfo.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        PortInfo read = PortInfo.decode(get.smpData(), 0);
        readOnlyComponents(
                3,
                READ_ONLY_KEPT,
                PortInfo.ATTRIBUTE_ID,
                NAME,
                0,
                read.toBytes(),
                PortInfos.writeBack(read).build().toBytes(),
                0,
                READ_ONLY_COMPONENTS);
    }
}
