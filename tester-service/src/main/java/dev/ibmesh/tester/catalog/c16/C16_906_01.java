package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * The PMA's ClassPortInfo CapabilityMask says what it supports (IBA 16.1.3.1), and the PMA answers accordingly: with
 * AllPortSelect (bit 8) a PortCounters Get with PortSelect 0xFF is answered with status 0, without it with status 7
 * (an invalid PortSelect, IBA 13.4.7); with PortCountersExtended (bit 9) a Get of that attribute is answered with status
 * 0, without it with status 3 (attribute not supported).
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_906_01",
        title = "ClassPortInfo CapabilityMask of the PMA matches what it answers (AllPortSelect, PortCountersExtended)",
        coverage = {"IBA 16.1.3.1", "IBA 13.4.7"},
        assertions = {"v1c16-906#01", "v1c16-906#02", "v1c16-906#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"pma-hide-extended-capability", "pma-refuse-all-port-select"})
public final class C16_906_01 extends PortCountersProcedure {
    private static final String CLASS_PORT_INFO = "v1c16-906#01";
    private static final String ALL_PORT_SELECT = "v1c16-906#02";
    private static final String EXTENDED = "v1c16-906#03";

    @Override
    protected void execute() {
        step(1, "SendMad (Get(ClassPortInfo)); Verify BaseVersion and ClassVersion 1");
        ClassPortInfo info = classPortInfo(CLASS_PORT_INFO);
        check(CLASS_PORT_INFO, "ClassPortInfo:BaseVersion", 1, info.baseVersion());
        check(CLASS_PORT_INFO, "ClassPortInfo:ClassVersion", 1, info.classVersion());
        note(String.format("CapabilityMask 0x%04x", info.capabilityMask()));

        boolean allPorts = info.hasCapability(ClassPortInfo.PMA_ALL_PORT_SELECT);
        step(
                2,
                "SendMad (Get(PortCounters where PortSelect = 0xFF)); Verify status " + (allPorts ? 0 : 7)
                        + ": AllPortSelect is " + (allPorts ? "" : "not ") + "advertised");
        byte[] all = PortCounters.zero(PortCounters.ALL_PORTS).toBytes();
        check(
                ALL_PORT_SELECT,
                "MADHeader:Status",
                statusOf(allPorts ? MadStatus.CODE_OK : MadStatus.CODE_INVALID_FIELD),
                status(pma(ALL_PORT_SELECT, Method.GET, PortCounters.ATTRIBUTE_ID, all)));

        boolean extended = info.hasCapability(ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED);
        step(
                3,
                "SendMad (Get(PortCountersExtended where PortSelect = " + dutPort() + ")); Verify status "
                        + (extended ? 0 : 3) + ": PortCountersExtended is " + (extended ? "" : "not ") + "advertised");
        byte[] one = PortCountersExtended.of(dutPort(), 0, 0, 0, 0, 0, 0, 0, 0).toBytes();
        check(
                EXTENDED,
                "MADHeader:Status",
                statusOf(extended ? MadStatus.CODE_OK : MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED),
                status(pma(EXTENDED, Method.GET, PortCountersExtended.ATTRIBUTE_ID, one)));
    }
}
