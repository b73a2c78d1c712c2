package dev.ibmesh.tester.engine;

import java.util.Objects;

/**
 * What a procedure run concluded.
 *
 * <ul>
 *   <li>PASS: every check held.
 *   <li>FAIL: the DUT broke a rule: the step, the assertion ID, what was expected and what the DUT did.
 *   <li>NOT_APPLICABLE: the DUT does not qualify (for instance SwitchInfo.EnhancedPort0 = 0): the reason.
 *   <li>ERROR: a problem of the tester or the setup (a dead link, no answer before the DUT was ever reached, a
 *       tester bug): never counted as FAIL.
 * </ul>
 *
 * @param step the step number the verdict came from, 0 when none applies
 */
public record Verdict(Kind kind, int step, String assertion, String expected, String actual, String reason) {
    public enum Kind {
        PASS,
        FAIL,
        NOT_APPLICABLE,
        ERROR
    }

    public Verdict {
        Objects.requireNonNull(kind, "kind");
        assertion = assertion == null ? "" : assertion;
        expected = expected == null ? "" : expected;
        actual = actual == null ? "" : actual;
        reason = reason == null ? "" : reason;
    }

    public static Verdict pass() {
        return new Verdict(Kind.PASS, 0, "", "", "", "");
    }

    public static Verdict fail(int step, String assertion, String expected, String actual, String reason) {
        return new Verdict(Kind.FAIL, step, assertion, expected, actual, reason);
    }

    public static Verdict notApplicable(int step, String reason) {
        return new Verdict(Kind.NOT_APPLICABLE, step, "", "", "", reason);
    }

    public static Verdict error(int step, String reason) {
        return new Verdict(Kind.ERROR, step, "", "", "", reason);
    }

    /** One line: {@code FAIL at step 10 [v1c13-024#07]: Status.Code expected 7, was 0}. */
    public String describe() {
        return switch (kind) {
            case PASS -> "PASS";
            case FAIL ->
                String.format(
                        "FAIL at step %d [%s]: %s expected %s, was %s", step, assertion, reason, expected, actual);
            case NOT_APPLICABLE -> "NOT_APPLICABLE: " + reason;
            case ERROR -> "ERROR" + (step > 0 ? " at step " + step : "") + ": " + reason;
        };
    }
}
