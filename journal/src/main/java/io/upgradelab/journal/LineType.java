package io.upgradelab.journal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The journal line type a record is the body of ({@code "phaseEnded"}): how it is written and found again. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface LineType {
    String value();
}
