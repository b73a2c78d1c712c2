package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.List;

/**
 * 24.1.5.11.1 SwitchInfo, read-only components (IBA 14.2.5.4, C14-24): SubnGet(SwitchInfo) is answered, and a
 * SubnSet(SwitchInfo) that carries another value of one read-only component (the capabilities: LinearFDBCap,
 * RandomFDBCap, MulticastFDBCap, OptimizedSLtoVLMappingProgramming, LIDsPerPort, PartitionEnforcementCap, the four
 * enforcement and filter capabilities, EnhancedPort0) is taken for its read-write components, which it writes back as
 * read, and leaves the read-only one as it was.
 *
 * <p>The CTS text of this procedure is not public; its title and a helper's name (SubnSetROFields) are. The steps are
 * ibmesh's. Each Set carries PortStateChange 0, which a Set ignores (writing 1 would clear it).
 */
@Cts(
        id = "C14_024_04_SW_01",
        section = "24.1.5.11.1",
        title = "SwitchInfo read-only components",
        coverage = {"v1c14-024.1.1"},
        assertions = {"v1c14-024.1.1#04.01", "v1c14-024.1.1#04.02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"write-read-only-switch-info"})
public final class C14_024_04_SW_01 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#04.01";
    private static final String SET = "v1c14-024.1.1#04.02";
    private static final String NAME = "SwitchInfo";
    /** PortStateChange: writing 1 clears it. */
    private static final Component PORT_STATE_CHANGE = new Component("PortStateChange", 93, 1);
    /** The read-only components, as IBA 14.2.5.4 lays them out. */
    private static final List<Component> READ_ONLY_COMPONENTS = List.of(
            new Component("LinearFDBCap", 0, 16),
            new Component("RandomFDBCap", 16, 16),
            new Component("MulticastFDBCap", 32, 16),
            new Component("OptimizedSLtoVLMappingProgramming", 94, 2),
            new Component("LIDsPerPort", 96, 16),
            new Component("PartitionEnforcementCap", 112, 16),
            new Component("InboundEnforcementCap", 128, 1),
            new Component("OutboundEnforcementCap", 129, 1),
            new Component("FilterRawInboundCap", 130, 1),
            new Component("FilterRawOutboundCap", 131, 1),
            new Component("EnhancedPort0", 132, 1));

    @Override
    protected void execute() {
        MadExchange get = get(1, GET, SwitchInfo.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        byte[] read = SwitchInfo.decode(get.smpData(), 0).toBytes();
        byte[] writable = PORT_STATE_CHANGE.value(read) == 0 ? read : PORT_STATE_CHANGE.changed(read);
        readOnlyComponents(3, SET, SwitchInfo.ATTRIBUTE_ID, NAME, 0, read, writable, 0, READ_ONLY_COMPONENTS);
    }
}
