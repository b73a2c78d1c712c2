package dev.ibmesh.tester.engine;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The descriptor of a conformance procedure, in the IBTA CTS's terms: its ID and section, what it checks, the
 * topology and DUT it needs, and the link configurations it can run over. The engine finds every class in the
 * catalog package that carries it; {@link ProcedureDescriptor} checks it when the catalog loads.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Cts {
    /** CTS numbering {@code CNN_MMM_XX[_SW|_CA][_NN]}, e.g. {@code C14_024_06_SW_06}; also the class's name. */
    String id();

    /** The test specification section, e.g. {@code 24.1.5.17.6}. */
    String section() default "";

    String title();

    /** The compliance statements it covers, e.g. {@code v1c14-024.1.1}. */
    String[] coverage();

    /** The assertion IDs its checks carry, e.g. {@code v1c14-024.1.1#06.01}. */
    String[] assertions();

    /** The role the tester plays on the SimpleLink. */
    Role tester();

    /** Which devices it applies to. */
    DutKind dut();

    /** DUT qualifiers in the CTS's words (checked in the procedure; unmet ones give NOT_APPLICABLE). */
    String[] qualifiers() default {};

    /** Link widths it runs over (the configuration matrix). */
    Width[] widths() default {Width.X1, Width.X4, Width.X12};

    /** Link speeds it runs over (the configuration matrix). */
    Speed[] speeds() default {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR};

    /**
     * True when the ID is ibmesh's own, in the CTS scheme, because the real suite's ID for this check is not known
     * publicly.
     */
    boolean ownId() default false;

    /**
     * Its proof: the deviations (labels of the DUT kinds' deviation tables) that make it FAIL, each breaking a rule
     * it checks. It must PASS (or be NOT_APPLICABLE by design) on the compliant DUT. {@code ibmesh test --prove} runs
     * both sides; the catalog's tests hold every procedure to one deviation at least, and every deviation to one
     * procedure at least.
     */
    String[] provenBy() default {};

    /** Suites it belongs to besides its chapter's (which the engine adds: {@code c14}, {@code c9}...). */
    String[] suites() default {};
}
