package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.ReportFormat;
import dev.ibmesh.tester.report.ReportDir;

/** Where, in a run's report directory, each report format GetReport serves is, and its media type. */
record ReportFile(String name, String contentType) {
    /** @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for a format not given or unknown */
    static ReportFile of(ReportFormat format) {
        return switch (format) {
            case REPORT_JSON -> new ReportFile(ReportDir.RESULTS, "application/json");
            case REPORT_JUNIT -> new ReportFile(ReportDir.JUNIT, "application/xml");
            case REPORT_HTML -> new ReportFile(ReportDir.INDEX, "text/html");
            case REPORT_UNSPECIFIED, UNRECOGNIZED ->
                throw TesterErrors.invalid("format: give REPORT_JSON, REPORT_JUNIT or REPORT_HTML");
        };
    }
}
