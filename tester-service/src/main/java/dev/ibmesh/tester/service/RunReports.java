package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.ReportFormat;
import java.io.IOException;
import java.util.Map;

/**
 * Writes a finished run's reports into its directory, where GetReport reads them. The seam for the report
 * package's writers ({@code junit.xml}, {@code results.json} and the HTML report's {@code index.html} in one
 * directory, the traces under {@code traces/}); until they land, {@link ResultsJsonReport} writes results.json alone.
 */
interface RunReports {
    /** Writes the reports of {@code done} into {@code done.run().dir()}. */
    void write(FinishedRun done) throws IOException;

    /** The file, in a run's directory, of each format written; GetReport answers UNIMPLEMENTED for the others. */
    Map<ReportFormat, String> files();
}
