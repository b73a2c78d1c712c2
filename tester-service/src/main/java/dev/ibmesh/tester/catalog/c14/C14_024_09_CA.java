package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * 14.1.5.8.1 VLArbitrationTable for xCA/router (IBA 14.2.5.9, C14-24): on a port with more than one data VL, SubnGet
 * answers the parts of the table the port has (VLArbitrationLowCap / HighCap entries), parts beyond them are status
 * 7, and a SubnSet writes a part, which the response and a SubnGet show.
 *
 * <p>The CTS text of this procedure is not public; its title and qualifier are. The steps are ibmesh's (see {@link
 * VlArbitrationProcedure}); the AttributeModifier's port field carries the port's own number.
 */
@Cts(
        id = "C14_024_09_CA",
        section = "14.1.5.8.1",
        title = "VLArbitrationTable for xCA/router",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#09.01", "v1c14-024.1.1#09.02", "v1c13-024#07", "v1c14-031#01"},
        tester = Role.MAD_TESTER,
        dut = DutKind.CA,
        qualifiers = {"the port has more than one data VL (PortInfo:VLCap > 1)"},
        provenBy = {"drop-table-writes"})
public final class C14_024_09_CA extends VlArbitrationProcedure {
    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(PortInfo)); VL_CAP = PortInfo:VLCap");
        int vlCap = endPortInfo().vlCap();
        step(2, "Verify VL_CAP > 1 (more than one data VL)");
        if (vlCap <= 1) {
            notApplicable("PortInfo:VLCap = " + vlCap + ": the port has only VL0, nothing to arbitrate");
        }
        PortInfo port = parts(endPort(), endPort());
        writeAndReadBack(7, port, endPort());
    }
}
