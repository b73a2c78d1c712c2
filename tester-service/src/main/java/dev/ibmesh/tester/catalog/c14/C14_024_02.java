package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 14.1.5.1.1 SMA attribute NodeDescription (IBA 14.2.5.2, C14-24): SubnGet(NodeDescription) is answered with the
 * node's NodeString, the same on every read. NodeString is read-only unless the end port advertises
 * CapabilityMask2.IsSetNodeDescriptionSupported (with CapabilityMask.IsCapabilityMask2Supported): then a SubnSet
 * writes it, otherwise a SubnSet is answered with status 3 and changes nothing (C14-3).
 *
 * <p>The CTS text of this procedure is not public, only its title and coverage: the steps are ibmesh's. It adds the
 * settable case, which CapabilityMask2 allows, and writes the original NodeString back in the cleanup.
 */
@Cts(
        id = "C14_024_02",
        section = "14.1.5.1.1",
        title = "SMA attribute NodeDescription",
        coverage = {"v1c14-024.1.1", "v1c14-003"},
        assertions = {"v1c14-024.1.1#02.01", "v1c14-024.1.1#02.02", "v1c14-003#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"ack-set-of-read-only"})
public final class C14_024_02 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#02.01";
    private static final String SET = "v1c14-024.1.1#02.02";
    private static final String NAME = "NodeDescription";
    /** What the procedure writes: a NodeString that differs from the DUT's. */
    private static final String WRITTEN = "ibmesh C14_024_02";

    @Override
    protected void execute() {
        MadExchange first = get(1, GET, NodeDescription.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, first);
        NodeDescription read = NodeDescription.decode(first.smpData(), 0);
        MadExchange again = get(3, GET, NodeDescription.ATTRIBUTE_ID, NAME, 0);
        step(5, "Verify the NodeString read twice is the same");
        status(GET, 0, again);
        check(
                GET,
                "SMPData.NodeString",
                read.text(),
                NodeDescription.decode(again.smpData(), 0).text());

        step(6, "Read CapabilityMask and CapabilityMask2 of the end port: is NodeDescription settable?");
        PortInfo end = endPortInfo();
        boolean settable = end.hasCapability(PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED)
                && end.hasCapability2(PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED);
        note("IsSetNodeDescriptionSupported = " + settable);
        String text = read.text().equals(WRITTEN) ? WRITTEN + " again" : WRITTEN;
        if (settable) {
            restoreLater(NodeDescription.ATTRIBUTE_ID, 0, read.toBytes());
        }
        MadExchange set = set(
                7,
                SET,
                NodeDescription.ATTRIBUTE_ID,
                NAME,
                0,
                NodeDescription.of(text).toBytes());
        if (settable) {
            status(SET, 0, set);
            check(
                    SET,
                    "SMPData.NodeString",
                    text,
                    NodeDescription.decode(set.smpData(), 0).text());
        } else {
            status(READ_ONLY, CODE_UNSUPPORTED, set);
        }
        MadExchange after = get(9, SET, NodeDescription.ATTRIBUTE_ID, NAME, 0);
        step(11, "Verify the NodeString is " + (settable ? "the one written" : "unchanged"));
        status(SET, 0, after);
        check(
                SET,
                "SMPData.NodeString",
                settable ? text : read.text(),
                NodeDescription.decode(after.smpData(), 0).text());
    }
}
