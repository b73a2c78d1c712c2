package dev.ibmesh.tester.engine;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A parameter of a procedure's configuration matrix beyond width and speed (for instance the RNR timer code a
 * Transport Tester answers with). A plain run takes the first value; a matrix run takes each.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Param {
    String name();

    String[] values();

    /** What the parameter means, for {@code --list} and reports. */
    String description() default "";
}
