package io.upgradelab.kinds;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The one way the lab registers a kind (a phase, condition, fault, observer, criterion, backend): it
 * is a concrete class of the lab's own packages ({@code io.upgradelab}) that implements the kind's
 * interface (a lab interface). Nothing lists them by hand, so adding a kind is writing its class: the build
 * finds it ({@link KindIndexWriter}) and writes an index, so a command starts without scanning the class
 * path. The JSON Schema and the help follow from what is found here (a test fails on drift).
 */
public final class Kinds {

    /** Where the build writes, in each module's classes, the kinds it found there. */
    static final String INDEX = "META-INF/upgrade-lab/kinds.index";

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

    /** Each lab interface and the classes the build indexed as implementing it, as the index reads. */
    static Map<String, List<String>> index() {
        return Index.IMPLEMENTATIONS;
    }

    private static List<Class<?>> implementations(Class<?> base) {
        List<String> names = Index.IMPLEMENTATIONS.getOrDefault(base.getName(), List.of());
        return names.stream().<Class<?>>map(name -> {
            try {
                return Class.forName(name, true, base.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("indexed by the build but not loadable (rebuild): " + name, e);
            }
        }).toList();
    }

    /**
     * The index the build wrote ({@link KindIndexWriter}), every copy on the class path merged (one per
     * module, and one per module's tests): read once per JVM, by the first kind asked for.
     */
    private static final class Index {
        static final Map<String, List<String>> IMPLEMENTATIONS = read();

        private static Map<String, List<String>> read() {
            Map<String, SortedSet<String>> index = new HashMap<>();
            try {
                Enumeration<URL> files = Kinds.class.getClassLoader().getResources(INDEX);
                if (!files.hasMoreElements()) {
                    throw new IllegalStateException("no " + INDEX + " on the class path: the build writes it"
                            + " after compiling (./mvnw package)");
                }
                for (URL file : Collections.list(files)) {
                    try (InputStream in = file.openStream()) {
                        new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                                .map(line -> line.split(" ", 2))
                                .forEach(pair -> index.computeIfAbsent(pair[0], k -> new TreeSet<>()).add(pair[1]));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading the kinds' index " + INDEX, e);
            }
            Map<String, List<String>> sorted = new HashMap<>();
            index.forEach((base, classes) -> sorted.put(base, List.copyOf(classes)));
            return Map.copyOf(sorted);
        }
    }
}
