package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.List;

/**
 * 24.1.5.2.1 SMA attribute NodeInfo (IBA 14.2.5.3, C14-24): SubnGet(NodeInfo) is answered with valid components
 * (BaseVersion and ClassVersion 1, a NodeType, at least one port, non-zero GUIDs, LocalPortNum the port the SMP came
 * in on); the node answers the same NodeInfo whatever way the SMP took to it; NodeInfo is read-only, so a SubnSet of
 * any component is answered with status 3 and changes nothing (C14-3).
 *
 * <p>The CTS text of this procedure is not public; its title, coverage and a helper's name (TestField) are. The steps
 * are ibmesh's: one SubnSet per component, as TestField suggests. The CTS compares NodeInfo across the DUT's ports; a
 * SimpleLink reaches only one, so this procedure compares the NodeInfo read along the directed route with the one read
 * LID-routed instead (steps 4-6).
 */
@Cts(
        id = "C14_024_03",
        section = "24.1.5.2.1",
        title = "SMA attribute NodeInfo",
        coverage = {"v1c14-024.1.1", "v1c14-003"},
        assertions = {"v1c14-024.1.1#03.01", "v1c14-024.1.1#03.02", "v1c14-003#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"ack-set-of-read-only"})
public final class C14_024_03 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#03.01";
    private static final String SET = "v1c14-024.1.1#03.02";
    private static final String NAME = "NodeInfo";
    /** The components after the two versions, as IBA 14.2.5.3 lays them out. */
    private static final List<Component> COMPONENTS = List.of(
            new Component("NodeType", 16, 8),
            new Component("NumPorts", 24, 8),
            new Component("SystemImageGUID", 32, 64),
            new Component("NodeGUID", 96, 64),
            new Component("PortGUID", 160, 64),
            new Component("PartitionCap", 224, 16),
            new Component("DeviceID", 240, 16),
            new Component("Revision", 256, 32),
            new Component("LocalPortNum", 288, 8),
            new Component("VendorID", 296, 24));

    @Override
    protected void execute() {
        MadExchange get = get(1, GET, NodeInfo.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        NodeInfo data = NodeInfo.decode(get.smpData(), 0);
        step(3, "Verify the components of NODE_INFO");
        check(GET, "SMPData.BaseVersion", 1, data.baseVersion());
        check(GET, "SMPData.ClassVersion", 1, data.classVersion());
        checkThat(
                GET,
                "SMPData.NodeType",
                data.nodeType() >= NodeInfo.NODE_TYPE_CA && data.nodeType() <= NodeInfo.NODE_TYPE_ROUTER,
                "1 (CA), 2 (switch) or 3 (router)",
                String.valueOf(data.nodeType()));
        checkThat(GET, "SMPData.NumPorts", data.numPorts() >= 1, ">= 1", String.valueOf(data.numPorts()));
        checkThat(GET, "SMPData.NodeGUID", data.nodeGuid() != 0, "not 0", String.format("0x%016x", data.nodeGuid()));
        checkThat(GET, "SMPData.PortGUID", data.portGuid() != 0, "not 0", String.format("0x%016x", data.portGuid()));
        check(GET, "SMPData.LocalPortNum", ctx().bench().link().dutPort(), data.localPortNum());

        step(4, "SendMad (SubnGet(NodeInfo) LID-routed to the DUT's LID " + mad().dutLid() + ")");
        MadExchange lidRouted =
                mad().send(GET, mad().lidRouted(mad().dutLid(), Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]));
        step(5, "ReceiveMad (SubnGetResp(NodeInfo))");
        mad().verifyResponse(GET, lidRouted);
        status(GET, 0, lidRouted);
        step(6, "Verify it is NODE_INFO");
        check(GET, "SMPData (NodeInfo read LID-routed)", data, NodeInfo.decode(lidRouted.smpData(), 0));

        byte[] read = data.toBytes();
        readOnlyComponents(7, SET, NodeInfo.ATTRIBUTE_ID, NAME, 0, read, read, CODE_UNSUPPORTED, COMPONENTS);
    }
}
