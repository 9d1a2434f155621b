package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.ConsumerStack;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A phase run whole under the consumer stacks ({@code during}): planned as itself (its problems under
 * {@code during}, its state carried on), run between the stacks' start and their events, its figures journalled
 * as an event named by its kind. Against the fixture's fakes; the real stacks run in ConsumerStacksIT.
 */
class ConsumerStacksTest {

    private static ConsumerStacks under(Phase during, List<String> events) {
        return new ConsumerStacks(List.of("1.4.1"), List.of(false), List.of(), events, 0, 20, 0, during);
    }

    @Test
    void aPhaseDuringTheStacksIsPlannedAsItselfAndItsTimeAdded() {
        PlannedState state = new PlannedState(3, "1.4.1", "1.4.1", 2, "local", EnumSet.allOf(Capability.class));
        Problems problems = new Problems();
        ConsumerStacks stacks = under(new Hold(Duration.ofMinutes(3)), null);

        assertThat(stacks.events()).as("with a phase during, no kill unless asked").isEmpty();
        assertThat(stacks.title(state)).startsWith("consumer stacks side by side (1 Dubbo, 0 gateway) through hold 3m at ");
        assertThat(stacks.plan(state, problems)).isEqualTo(Duration.ofMinutes(4));
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void aPhaseDuringTheStacksHasItsProblemsUnderDuring() {
        PlannedState state = new PlannedState(3, "1.4.1", "1.4.1", 2, "local", EnumSet.allOf(Capability.class));
        Problems problems = new Problems();

        under(new Hold(Duration.ZERO), List.of()).plan(state, problems);

        assertThat(problems.all()).singleElement().satisfies(p -> assertThat(p.pointer()).contains("during").endsWith("for"));
    }

    @Test
    void thePhaseRunsUnderTheStacksAndEachStacksFiguresThroughItAreJournalledUnderItsKind(@TempDir Path dir)
            throws Exception {
        FakeRunContext run = new FakeRunContext().inRunDirectory(dir);

        under(new Hold(Duration.ofSeconds(1)), List.of(ConsumerStack.INSTANCE_KILL)).run(run);

        assertThat(run.calls()).containsSubsequence("startStacks [[Dubbo[client=1.4.1, pushEmptyProtection=false]], [],"
                + " 1.4.1, 20.0, 22000]", "through [PT0S, PT8S, PT1M30S]", "killAnInstance [PT8S, PT1M30S]", "stopStacks []");
        assertThat(run.lines()).filteredOn(ConsumerStack.class::isInstance).map(ConsumerStack.class::cast)
                .extracting(ConsumerStack::event).containsExactly("hold", ConsumerStack.INSTANCE_KILL);
    }
}
