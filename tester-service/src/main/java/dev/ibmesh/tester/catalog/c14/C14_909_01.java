package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import dev.ibmesh.trace.Direction;
import java.util.Optional;

/**
 * The hop-pointer rules of an outbound directed-route SMP at the node that receives it (IBA 14.2.2, C14-9): with
 * HopCount hc, it arrives with HopPointer 1..hc on its links (the originator increments HopPointer before the first
 * link, C14-9:1) or with hc + 1 over a LID-routed part at its end (C14-9:4); any other HopPointer is dropped
 * (C14-9:5), and so is HopPointer 0 with a HopCount on a purely directed route (the originator did not increment it).
 *
 * <p>The tester's own port would not send such SMPs, so the exerciser puts them on the link as raw frames: a
 * SubnGet(NodeInfo) with HopCount 1 and InitialPath [T], the path a good one takes, but with HopPointer 3 (step 2)
 * and then 0 (step 3). That the DUT dropped each is established with a fence: the same SubnGet sent the ordinary way
 * right after it is answered, while no SMP with the raw one's TransactionID came back over the link (the tester's
 * trace shows it) within the DUT's response time.
 * Step 1 shows that the good SMP is answered.
 *
 * <p>ibmesh's own ID: the CTS pages known publicly have no directed-route procedure. Its assertion numbers are
 * ibmesh's, after the compliance statement C14-9.
 */
@Cts(
        id = "C14_909_01",
        title = "Directed route: an outbound SMP with HopPointer beyond HopCount + 1, or 0 with a HopCount, is dropped",
        coverage = {"v1c14-009"},
        assertions = {"v1c14-009#03", "v1c14-009#04"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"dr-accept-any-hop-pointer"})
public final class C14_909_01 extends MadProcedure {
    private static final String BEYOND = "v1c14-009#03";
    private static final String NOT_INCREMENTED = "v1c14-009#04";

    private Exerciser exerciser;

    @Override
    protected void initialize() {
        exerciser = ctx().bench()
                .exerciser()
                .orElseThrow(() -> notApplicable("the tester must put directed-route SMPs the tester's port would not"
                        + " send on the link, and this backend carries only MADs"));
        note("PortState of the DUT's link port is Init, Armed or Active (the bench brought the link up)");
    }

    @Override
    protected void execute() {
        step(
                1,
                "SendMad (SubnGet(NodeInfo) along InitialPath ["
                        + ctx().bench().link().testerPort() + "]); Verify" + " SubnGetResp(NodeInfo)");
        MadExchange good = mad().send(BEYOND, nodeInfo());
        mad().verifyResponse(BEYOND, good);
        check(BEYOND, "MADHeader:Status.Code", 0, good.statusCode());

        step(
                2,
                "Put on the link SubnGet(NodeInfo) with HopCount 1 and HopPointer 3, then SendMad (SubnGet(NodeInfo));"
                        + " Verify no response comes for the first (C14-9:5)");
        dropped(BEYOND, 3);
        step(
                3,
                "Put on the link SubnGet(NodeInfo) with HopCount 1 and HopPointer 0, then SendMad (SubnGet(NodeInfo));"
                        + " Verify no response comes for the first (C14-9:1)");
        dropped(NOT_INCREMENTED, 0);
    }

    /**
     * A raw SubnGet(NodeInfo) with this HopPointer is dropped: the fence sent after it is answered, and by the time
     * the DUT's response time has passed since it left, no SMP with its TransactionID came back over the link. The
     * tester's trace shows what came: host software would not see an answer to a request it did not send.
     */
    private void dropped(String assertions, int hopPointer) {
        DrSmp raw = DrSmp.decode(nodeInfo().mad()).withHopPointer(hopPointer);
        long tid = raw.header().transactionId();
        exerciser
                .transmit(SmpPackets.frame(DrSmp.PERMISSIVE_LID, DrSmp.PERMISSIVE_LID, raw.encode()))
                .join();
        MadExchange fence = mad().send(assertions, nodeInfo());
        check(assertions, "MADHeader:Status.Code", 0, fence.statusCode());
        exerciser.after(mad().silence().toNanos()).join();
        Optional<Trace.Frame> answer = ctx().bench().trace().frames().stream()
                .filter(f -> f.direction() == Direction.RX && !f.link() && SmpPackets.isSmp(f.bytes()))
                .filter(f -> SmpPackets.mad(f.bytes()).header().transactionId() == tid)
                .findFirst();
        checkThat(
                assertions,
                String.format("an SMP back with TransactionID 0x%016x", tid),
                answer.isEmpty(),
                "none before the answer to the next request, nor within "
                        + mad().silence().toMillis() + " ms",
                answer.map(f -> "frame " + f.index() + ": " + SmpPackets.mad(f.bytes()))
                        .orElse("none"));
    }

    private HostMad nodeInfo() {
        return mad().directed(Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], mad().pathToDut());
    }
}
