package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way the lab registers a kind (a phase, condition, fault, observer, criterion, backend): it
 * is a concrete class of the lab's own packages ({@code io.upgradelab}) that implements the kind's
 * interface. Nothing lists them, so adding a kind is writing its class; the JSON Schema and the
 * help follow from what is found here (a test fails on drift).
 */
public final class Kinds {

    private static final String LAB = "io.upgradelab";
    private static final Map<Class<?>, List<Class<?>>> FOUND = new ConcurrentHashMap<>();

    private Kinds() {
    }

    /**
     * The classes that implement {@code base} and are named in files by {@link JsonTypeName}, in
     * class-name order: the kinds a file or policy can name ({@code kind: rampTo}).
     */
    @SuppressWarnings("unchecked")
    public static <T> List<Class<? extends T>> named(Class<T> base) {
        return implementations(base).stream().filter(c -> c.isAnnotationPresent(JsonTypeName.class))
                .<Class<? extends T>>map(c -> (Class<? extends T>) c).toList();
    }

    /** One instance of each class that implements {@code base}, made by its no-argument constructor. */
    public static <T> List<T> instances(Class<T> base) {
        return implementations(base).stream().map(c -> {
            try {
                var constructor = c.getDeclaredConstructor();
                constructor.setAccessible(true);   // a kind may be package-private beside its interface
                return base.cast(constructor.newInstance());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(c.getName() + " implements " + base.getSimpleName()
                        + " but cannot be made without arguments", e);
            }
        }).toList();
    }

    private static List<Class<?>> implementations(Class<?> base) {
        return FOUND.computeIfAbsent(base, Kinds::scan);
    }

    private static List<Class<?>> scan(Class<?> base) {
        try (ScanResult scan = new ClassGraph().acceptPackages(LAB).enableClassInfo().ignoreClassVisibility().scan()) {
            var found = base.isInterface() ? scan.getClassesImplementing(base.getName())
                    : scan.getSubclasses(base.getName());
            return found.filter(c -> !c.isAbstract() && !c.isInterface() && !c.isAnonymousInnerClass())
                    .loadClasses().stream().filter(c -> !Modifier.isAbstract(c.getModifiers()))
                    .sorted(java.util.Comparator.comparing(Class::getName)).toList();
        }
    }
}
