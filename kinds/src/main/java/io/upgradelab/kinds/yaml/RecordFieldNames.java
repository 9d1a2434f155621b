package io.upgradelab.kinds.yaml;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/**
 * The names a file gives a record's fields, as Jackson binds them. A record component's
 * {@code @JsonProperty} sits on its accessor (the annotation has no record-component target), so
 * asking the component itself always finds none and a renamed field would read as unknown.
 */
public final class RecordFieldNames {

    private RecordFieldNames() {
    }

    /** {@code component}'s name in a file: its {@code @JsonProperty} value, or its own name. */
    public static String of(RecordComponent component) {
        JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
        return renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
    }

    /** Every field name of {@code record}, in declaration order. */
    public static List<String> of(Class<?> record) {
        return Arrays.stream(record.getRecordComponents()).map(RecordFieldNames::of).toList();
    }
}
