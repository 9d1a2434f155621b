package io.upgradelab.kinds;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The build step that finds the kinds, so that no command pays a class-path scan when it starts: run by
 * the build after compiling a module's classes (and again its test classes), it scans the class path once
 * and writes, into that folder, which of its classes implement which lab interface ({@link Kinds#INDEX}).
 * {@link Kinds} reads every such file on the class path; {@code KindsTest} fails when they drift from a
 * scan.
 */
public final class KindIndexWriter {

    private static final String LAB = "io.upgradelab";

    private KindIndexWriter() {
    }

    /** {@code KindIndexWriter CLASSES_DIR}: indexes the classes under that folder (on this JVM's class path). */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: KindIndexWriter CLASSES_DIR");
        }
        File classes = new File(args[0]).getCanonicalFile();
        Path file = classes.toPath().resolve(Kinds.INDEX);
        Files.createDirectories(file.getParent());
        Files.write(file, lines(scan(where -> canonical(where).equals(classes))), StandardCharsets.UTF_8);
    }

    /**
     * Every lab interface on the class path and the concrete, named classes that implement it, found in the
     * class path entries {@code where} accepts.
     */
    static SortedMap<String, SortedSet<String>> scan(Predicate<File> where) {
        try (ScanResult scan = new ClassGraph().acceptPackages(LAB).enableClassInfo().ignoreClassVisibility().scan()) {
            SortedMap<String, SortedSet<String>> index = new TreeMap<>();
            for (ClassInfo base : scan.getAllInterfaces()) {
                scan.getClassesImplementing(base.getName())
                        .filter(c -> !c.isAbstract() && !c.isInterface() && !c.isAnonymousInnerClass())
                        .filter(c -> where.test(c.getClasspathElementFile()))
                        .forEach(c -> index.computeIfAbsent(base.getName(), k -> new TreeSet<>()).add(c.getName()));
            }
            return index;
        }
    }

    private static List<String> lines(SortedMap<String, SortedSet<String>> index) {
        List<String> lines = new ArrayList<>(List.of(
                "# The lab's kinds in these classes: an interface, then a class implementing it.",
                "# Written by the build (KindIndexWriter); read by Kinds."));
        index.forEach((base, classes) -> classes.forEach(c -> lines.add(base + " " + c)));
        return lines;
    }

    private static File canonical(File file) {
        try {
            return file.getCanonicalFile();
        } catch (IOException e) {
            return file.getAbsoluteFile();
        }
    }
}
