package io.upgradelab.journal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The journal line type a record is the body of ({@code "phaseEnded"}): how it is written and found
 * again. Observers' samples share the type {@code sample} and are told apart by {@link #observer()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface LineType {
    String value();

    /** For a {@code sample}: the observer that wrote it, journalled as the line's {@code observer} field. */
    String observer() default "";
}
