package dev.ibmesh.tester.engine;

import java.util.Objects;

/**
 * One procedure run of a test run: a procedure in one configuration against one DUT.
 *
 * @param dutKind the kind of the DUT it runs against ("switch", "hca"), as the target names it
 */
public record RunItem(ProcedureDescriptor procedure, Configuration configuration, String dutKind) {
    public RunItem {
        Objects.requireNonNull(procedure, "procedure");
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(dutKind, "dutKind");
    }

    /** {@code C09_130_01 [4X-QDR rnrTimer=14]} (with the DUT kind when the procedure applies to any node). */
    public String label() {
        String dut = procedure.cts().dut() == DutKind.NODE ? " on " + dutKind : "";
        return procedure.id() + " [" + configuration.label() + "]" + dut;
    }

    /** A file name for this run's trace and report parts: {@code C09_130_01_4X-QDR_rnrTimer-14}. */
    public String fileName() {
        String dut = procedure.cts().dut() == DutKind.NODE ? "_" + dutKind : "";
        return procedure.id() + "_" + configuration.fileLabel() + dut;
    }
}
