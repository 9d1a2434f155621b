package io.upgradelab.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A kind is found by being written: named records through package-private interfaces, and plain classes
 * made; and what the build indexed is what a scan of the class path finds.
 */
class KindsTest {

    /** A kind's interface, and kinds of it: one package-private, one abstract (never made), one named. */
    interface Greeting {
        String text();
    }

    static final class Hello implements Greeting {
        @Override
        public String text() {
            return "hello";
        }
    }

    abstract static class Unfinished implements Greeting {
    }

    /** A kind files name: a record with its name. */
    interface Shape {
    }

    @JsonTypeName("square")
    record Square(int side) implements Shape {
    }

    record Unnamed() implements Shape {
    }

    @Test
    void namedKindsAreFoundThroughAPackagePrivateInterfaceAndOnlyNamedOnes() {
        assertThat(Kinds.named(Shape.class)).containsExactly(Square.class);
    }

    @Test
    void instancesAreMadeOfEveryConcreteClassEvenPackagePrivateOnes() {
        assertThat(Kinds.instances(Greeting.class)).singleElement().extracting(Greeting::text).isEqualTo("hello");
    }

    @Test
    void theIndexesTheBuildWroteAreWhatAScanOfTheClassPathFinds() {
        Map<String, List<String>> scanned = new TreeMap<>();
        KindIndexWriter.scan(where -> true).forEach((base, classes) -> scanned.put(base, List.copyOf(classes)));
        assertThat(scanned).containsKeys(Greeting.class.getName(), Shape.class.getName());
        assertThat(new TreeMap<>(Kinds.index())).as("rebuild when this fails: the index is stale").isEqualTo(scanned);
    }
}
