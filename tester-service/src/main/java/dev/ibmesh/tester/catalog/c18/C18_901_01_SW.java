package dev.ibmesh.tester.catalog.c18;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.tester.mad.MadTester;
import java.util.ArrayList;
import java.util.List;

/**
 * A switch forwards a unicast packet by its linear forwarding table only up to SwitchInfo.LinearFDBTop: the entries
 * above it are not valid, and a packet whose DLID is above it is discarded (IBA 18.2.4.3, 14.2.5.4).
 *
 * <p>A SimpleLink has one cable, and a switch does not relay a packet back out of the port it came in on, so what the
 * procedure watches the switch forward is its own response: port 0's packets leave through the same forwarding
 * tables. The tester takes a LID X above LinearFDBTop as its own and has the DUT route X to the link; with
 * LinearFDBTop = X a LID-routed SubnGet from X is answered (step 5: the route works), with LinearFDBTop = X - 1 the
 * answer to X must be discarded (step 7). Directed-route SMPs, which do not use the table, set everything up and put
 * it back.
 *
 * <p>That the answer is discarded is established with a fence ({@link dev.ibmesh.tester.mad.MadTester#expectNoResponse}):
 * a directed-route SubnGet sent right after it is answered, out of the same port, while no answer to LID X came, and
 * the DUT's response time has passed. ibmesh's own ID: no public CTS page covers switch forwarding (chapter 18); the
 * item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C18_901_01_SW",
        title = "Linear forwarding stops at LinearFDBTop: a DLID above it is discarded, not relayed by its LFT entry",
        coverage = {"IBA 18.2.4.3", "IBA 14.2.5.4"},
        assertions = {"v1c18-901#01", "v1c18-901#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        ownId = true,
        provenBy = {"forward-beyond-lft-top"})
public final class C18_901_01_SW extends MadProcedure {
    private static final String ROUTED = "v1c18-901#01";
    private static final String DISCARDED = "v1c18-901#02";

    private SwitchInfo switchInfo;
    private LinearForwardingTable block;
    private PortInfo tester;
    private int lidX;
    private boolean changed;

    @Override
    protected void initialize() {
        requireDirectLink("gives the tester's port a LID that only the DUT routes to it");
        PortInfo port0 = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port0.respTimeValue(), port0.subnetTimeOut());
        switchInfo = SwitchInfo.decode(mad().subnGet(SwitchInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        lidX = switchInfo.linearFdbTop() + 2;
        note("1. LID X = LinearFDBTop + 2 = " + lidX + ": a LID the DUT does not route yet");
        if (lidX >= Math.min(switchInfo.linearFdbCap(), 0xC000)) {
            throw new TesterError("LinearFDBTop " + switchInfo.linearFdbTop() + " leaves no unicast LID above it"
                    + " within LinearFDBCap " + switchInfo.linearFdbCap());
        }
        block = LinearForwardingTable.decode(
                mad().subnGet(LinearForwardingTable.ATTRIBUTE_ID, blockOf(lidX)).smpData(), 0);
        tester = PortInfo.decode(testerPortInfo(Method.GET, new byte[0]).smpData(), 0);
    }

    @Override
    protected void execute() {
        int dutPort = ctx().bench().link().dutPort();
        step(1, "SendMad (SubnSet(LinearForwardingTable where LFT[" + lidX + "] = " + dutPort + ", the link's port))");
        changed = true;
        List<Integer> ports = new ArrayList<>(block.ports());
        ports.set(lidX % LinearForwardingTable.LIDS_PER_BLOCK, dutPort);
        mad().subnSet(LinearForwardingTable.ATTRIBUTE_ID, blockOf(lidX), new LinearForwardingTable(ports).toBytes())
                .requireOk();
        step(2, "SendMad (SubnSet(SwitchInfo where LinearFDBTop = " + lidX + "))");
        setLinearFdbTop(lidX);
        step(3, "SendMad (SubnSet(PortInfo of the tester's own port where LID = " + lidX + "))");
        testerPortInfo(Method.SET, writeBack(tester).lid(lidX).build().toBytes())
                .requireOk();

        step(4, "SendMad (SubnGet(NodeInfo) LID-routed from LID " + lidX + " to the DUT's LID " + mad().dutLid() + ")");
        MadTester.Posted get = mad().post(nodeInfoByLid());
        step(
                5,
                "ReceiveMad (SubnGetResp(NodeInfo)): the DUT relayed its answer to LID " + lidX + " by LFT[" + lidX
                        + "], within LinearFDBTop");
        MadExchange routed = get.receive(ROUTED);
        mad().verifyResponse(ROUTED, routed);
        check(ROUTED, "MADHeader:Status.Code", 0, routed.statusCode());

        step(6, "SendMad (SubnSet(SwitchInfo where LinearFDBTop = " + (lidX - 1) + "))");
        setLinearFdbTop(lidX - 1);
        step(
                7,
                "SendMad (SubnGet(NodeInfo) LID-routed from LID " + lidX + "), then SendMad (SubnGet(NodeInfo)) along"
                        + " the directed route; Verify no response comes for the first: LID " + lidX + " is above"
                        + " LinearFDBTop, so the DUT discards its answer");
        mad().expectNoResponse(DISCARDED, nodeInfoByLid(), directedNodeInfo());
    }

    /** Puts back the tester's LID, LinearFDBTop and the LFT block, along directed routes. */
    @Override
    protected void cleanup() {
        if (!changed) {
            return;
        }
        testerPortInfo(Method.SET, writeBack(tester).build().toBytes());
        mad().subnSet(LinearForwardingTable.ATTRIBUTE_ID, blockOf(lidX), block.toBytes());
        mad().subnSet(SwitchInfo.ATTRIBUTE_ID, 0, switchInfo.toBytes());
        note("cleanup: the tester's LID, the LFT block and LinearFDBTop are back as they were");
    }

    private HostMad directedNodeInfo() {
        return mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut());
    }

    private HostMad nodeInfoByLid() {
        return mad().lidRouted(mad().dutLid(), Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]);
    }

    private void setLinearFdbTop(int top) {
        MadExchange set = mad().subnSet(
                        SwitchInfo.ATTRIBUTE_ID,
                        0,
                        switchInfo.withLinearFdbTop(top).toBytes())
                .requireOk();
        int now = SwitchInfo.decode(set.smpData(), 0).linearFdbTop();
        if (now != top) {
            throw new TesterError("the DUT took SubnSet(SwitchInfo) but reports LinearFDBTop " + now + ", not " + top);
        }
    }

    /** A SubnGet or SubnSet of PortInfo at the tester's own port (a directed route of no hops). */
    private MadExchange testerPortInfo(int method, byte[] data) {
        int port = ctx().bench().link().testerPort();
        return mad().send(mad().directed(method, PortInfo.ATTRIBUTE_ID, port, 0, data));
    }

    private static int blockOf(int lid) {
        return lid / LinearForwardingTable.LIDS_PER_BLOCK;
    }
}
