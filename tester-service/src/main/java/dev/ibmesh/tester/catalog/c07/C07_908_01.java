package dev.ibmesh.tester.catalog.c07;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.bench.Exerciser;
import dev.ibmesh.tester.bench.LinkSetup;
import dev.ibmesh.tester.bench.SmpClient;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadProcedure;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A port whose link is up receives SMPs in every PortState, Init and Armed included (IBA 7.2.4: before Active only
 * SMPs pass, and they do; IBA 14.4: that is how an SM brings a port up). The tester sets the PortState of the DUT's
 * port on the link to Down, so the link trains again and the port comes back in Init; there, and after a SubnSet to
 * Armed, a LID-routed SubnGet(NodeInfo) to the DUT's LID must be answered (the directed-route SMPs the tester sends
 * meanwhile are answered too, or the procedure could not go on). Cleanup brings the link to Active as the bench's
 * setup did.
 *
 * <p>ibmesh's own ID: no exerciser or CTS ID for it is known publicly; the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C07_908_01",
        title = "SMPs are received in PortState Init and Armed",
        coverage = {"IBA 7.2.4", "IBA 14.4"},
        assertions = {"v1c07-908#01", "v1c07-908#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        qualifiers = {"an embedded tester port (raw packets)"},
        ownId = true,
        provenBy = {"lid-routed-smps-only-when-active"})
public final class C07_908_01 extends MadProcedure {
    private static final String IN_INIT = "v1c07-908#01";
    private static final String IN_ARMED = "v1c07-908#02";

    private Exerciser exerciser;
    private int linkPort;
    private boolean bounced;

    @Override
    protected void initialize() {
        exerciser = ctx().bench()
                .exerciser()
                .orElseThrow(() -> notApplicable(
                        "the tester must see its link train again, and this backend carries" + " only MADs"));
        PortInfo port = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        mad().responseTime(port.respTimeValue(), port.subnetTimeOut());
        linkPort = ctx().bench().link().dutIsSwitch() ? ctx().bench().link().dutPort() : 0;
    }

    @Override
    protected void execute() {
        step(
                1,
                "SendMad (SubnSet(PortInfo where AttributeModifier = " + linkPort + ", PortState = Down)); wait until"
                        + " the link has trained again");
        CompletableFuture<Void> retrained = exerciser.nextLinkUp();
        bounced = true;
        mad().subnSet(PortInfo.ATTRIBUTE_ID, linkPort, withPortState(PortInfo.PORT_STATE_DOWN))
                .requireOk();
        try {
            retrained.get(mad().timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TesterError(
                    "the link did not train again within " + mad().timeout().toMillis() + " ms", e);
        } catch (Exception e) {
            throw new TesterError("waiting for the link: " + e, e);
        }

        step(2, "Verify PortState = Init; SendMad (SubnGet(NodeInfo) LID-routed); Verify it is answered");
        check(IN_INIT, "PortInfo:PortState", PortInfo.PORT_STATE_INIT, portState());
        lidRoutedGet(IN_INIT);

        step(
                3,
                "SendMad (SubnSet(PortInfo where PortState = Armed)); Verify PortState = Armed; SendMad"
                        + " (SubnGet(NodeInfo) LID-routed); Verify it is answered");
        mad().subnSet(PortInfo.ATTRIBUTE_ID, linkPort, withPortState(PortInfo.PORT_STATE_ARMED))
                .requireOk();
        check(IN_ARMED, "PortInfo:PortState", PortInfo.PORT_STATE_ARMED, portState());
        lidRoutedGet(IN_ARMED);
    }

    /** Brings the link back to Active on both ends, as the bench's setup does. */
    @Override
    protected void cleanup() {
        if (bounced) {
            new LinkSetup(
                            new SmpClient(ctx().bench().madPort(), mad().timeout()),
                            ctx().bench().link().testerPort())
                    .bringUp();
            note("cleanup: the link is Active again on both ends");
        }
    }

    private void lidRoutedGet(String assertions) {
        mad().send(assertions, mad().lidRouted(mad().dutLid(), Method.GET, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]))
                .requireOk();
    }

    private int portState() {
        return PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, linkPort).smpData(), 0)
                .portState();
    }

    private byte[] withPortState(int state) {
        PortInfo now =
                PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, linkPort).smpData(), 0);
        return writeBack(now).portState(state).build().toBytes();
    }
}
