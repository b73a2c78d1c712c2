package dev.ibmesh.tester.service;

import dev.ibmesh.tester.report.ReportDir;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A run of the tester service: its id, the DUT it runs against, and its directory, a report directory as
 * {@code ibmesh test --report-dir} writes one (the traces while it runs, the reports once it is over).
 */
record RunRecord(String id, String dut, Path dir, Instant started) {
    ReportDir reports() {
        return new ReportDir(dir);
    }
}
