package io.upgradelab.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * Two runs' rows of one table side by side, for {@code compare}: each row of the before run with the first unpaired
 * row of the after run that measured the same thing (two runs of one experiment file measure the same things in the
 * same phases); a row without a counterpart is listed, not guessed at, as phases are.
 *
 * @param pairs        rows in both runs, in the before run's order
 * @param onlyInBefore rows of the before run without a counterpart
 * @param onlyInAfter  rows of the after run without a counterpart
 * @param <T>          a row of a run's summary
 */
public record Paired<T>(List<Pair<T>> pairs, List<T> onlyInBefore, List<T> onlyInAfter) {

    /** One row in both runs. */
    public record Pair<T>(T before, T after) {
    }

    /** The rows of {@code before} and {@code after} paired where {@code same} says they measured the same thing. */
    public static <T> Paired<T> of(List<T> before, List<T> after, BiPredicate<T, T> same) {
        List<T> unpaired = new ArrayList<>(after);
        List<Pair<T>> pairs = new ArrayList<>();
        List<T> onlyInBefore = new ArrayList<>();
        for (T b : before) {
            T a = unpaired.stream().filter(r -> same.test(b, r)).findFirst().orElse(null);
            if (a == null) {
                onlyInBefore.add(b);
            } else {
                unpaired.remove(a);
                pairs.add(new Pair<>(b, a));
            }
        }
        return new Paired<>(List.copyOf(pairs), List.copyOf(onlyInBefore), List.copyOf(unpaired));
    }

    /** Whether either run had any such row. */
    public boolean isEmpty() {
        return pairs.isEmpty() && onlyInBefore.isEmpty() && onlyInAfter.isEmpty();
    }
}
