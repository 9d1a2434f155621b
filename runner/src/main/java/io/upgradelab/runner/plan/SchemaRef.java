package io.upgradelab.runner.plan;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The shared definition of the experiment schema a field's values follow ({@code $defs/providers},
 * {@code $defs/version}), where its Java type alone does not say it: an {@code int} may be a
 * provider count or a node number. Durations, booleans and conditions need none.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface SchemaRef {

    /** The definition's name under {@code $defs}, e.g. {@code "providers"}. */
    String value();
}
