package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one way the lab registers a kind (a phase, condition, fault, observer, criterion, backend): it
 * is a concrete class of the lab's own packages ({@code io.upgradelab}) that implements the kind's
 * interface (a lab interface: the index holds those). Nothing lists them, so adding a kind is writing its class; the JSON Schema and the
 * help follow from what is found here (a test fails on drift).
 */
public final class Kinds {

    private static final String LAB = "io.upgradelab";

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
        List<String> names = Index.IMPLEMENTATIONS.getOrDefault(base.getName(), List.of());
        return names.stream().<Class<?>>map(name -> {
            try {
                return Class.forName(name, true, base.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("scanned but not loadable: " + name, e);
            }
        }).toList();
    }

    /**
     * One scan of the class path for the whole JVM (the first kind asked for pays it): every lab
     * interface and the concrete classes that implement it, by name, in class-name order.
     */
    private static final class Index {
        static final Map<String, List<String>> IMPLEMENTATIONS = scan();

        private static Map<String, List<String>> scan() {
            try (ScanResult scan = new ClassGraph().acceptPackages(LAB).enableClassInfo().ignoreClassVisibility().scan()) {
                Map<String, List<String>> index = new HashMap<>();
                for (ClassInfo base : scan.getAllInterfaces()) {
                    index.put(base.getName(), scan.getClassesImplementing(base.getName())
                            .filter(c -> !c.isAbstract() && !c.isInterface() && !c.isAnonymousInnerClass())
                            .getNames().stream().sorted().toList());
                }
                return Map.copyOf(index);
            }
        }
    }
}
