package dev.ibmesh.tester.run;

import java.util.List;

/**
 * What a user asks the tester to run, as {@code ibmesh test} and the Tester gRPC service take it.
 *
 * @param procedures ID globs ({@code C09_*}); empty with no suites = the whole catalog
 * @param suites     suite names ({@code c14}, {@code transport}...)
 * @param matrix     every width x speed of each procedure's configuration matrix, not only the default link
 * @param deviations deviation names to start the embedded DUTs with (each goes to the kind that knows it)
 */
public record TestRequest(List<String> procedures, List<String> suites, boolean matrix, List<String> deviations) {
    public TestRequest {
        procedures = List.copyOf(procedures);
        suites = List.copyOf(suites);
        deviations = List.copyOf(deviations);
    }

    /** The whole catalog against compliant embedded DUTs. */
    public static TestRequest all() {
        return new TestRequest(List.of(), List.of(), false, List.of());
    }
}
