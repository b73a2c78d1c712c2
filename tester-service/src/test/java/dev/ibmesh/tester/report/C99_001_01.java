package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Procedure;
import dev.ibmesh.tester.engine.Role;

/**
 * A procedure that never runs: its descriptor stands behind the synthetic results of the report tests, with markup
 * characters in every text a report prints. Outside the catalog package, so the catalog never lists it.
 */
@Cts(
        id = "C99_001_01",
        section = "99.1 <draft> & more",
        title = "Synthetic: values < 8 & > 2 in \"quotes\" and 'apostrophes'",
        coverage = {"v1c99-001 <x&y>"},
        assertions = {"v1c99-001#01<&>"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        qualifiers = {"SwitchInfo:EnhancedPort0 = 1 & VLCap < 4"})
public final class C99_001_01 extends Procedure {
    @Override
    protected void initialize() {}

    @Override
    protected void execute() {}
}
