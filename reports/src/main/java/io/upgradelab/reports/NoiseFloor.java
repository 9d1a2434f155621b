package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.upgradelab.reports.FigureShift.Judgement;
import io.upgradelab.reports.html.RunTimeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this machine's noise does to the figures {@code compare} and a {@code baseline} criterion judge,
 * measured from repeats of one experiment with nothing changed between them (A/A): every pair of
 * repeats compared as an upgrade would be ({@link FigureShift}), so any figure judged worse or better
 * is a false alarm, and the largest shift seen is the smallest effect the lab can tell from noise here.
 * Why: two runs of one experiment on 2 cores never agree, and a verdict means something only next to
 * how far they disagree. A {@code baseline} criterion takes the floors ({@link #floors}) as its {@code
 * noise}, and says INCONCLUSIVE where a change is within them.
 *
 * <p>The file {@code noise.json} is this record, {@link #FORMAT} its version, read and written here only.
 *
 * @param format   the file format's version ({@link #FORMAT})
 * @param runs     the repeats, as given (their directories)
 * @param pairs    how many pairs of repeats were compared
 * @param families per figure family ({@link FigureShift#FAMILIES}): the false alarms and the floor
 * @param figures  per phase and figure: how often judged, how often a false alarm, the largest shift
 * @param baselineFalseAlarms of every ordered pair (the "before" either one), how many a {@code baseline}
 *                 criterion over every phase and family would have failed: a WORSE figure where nothing changed
 * @param orderedPairs twice {@code pairs}: each pair as before/after and as after/before
 */
public record NoiseFloor(int format, List<String> runs, int pairs, List<FamilyNoise> families,
                         List<FigureNoise> figures, int baselineFalseAlarms, int orderedPairs) {

    /** The version of {@code noise.json} this build reads and writes. */
    public static final int FORMAT = 1;
    /** Its file name in a noise directory. */
    public static final String FILE_NAME = "noise.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * One family's noise over every phase and figure of it.
     *
     * @param family      p99, success, cpu or instances
     * @param judged      figure comparisons with enough samples to judge
     * @param falseAlarms of those, judged worse or better
     * @param floor       the largest shift (absolute, in the figure's unit) between two repeats: a smaller
     *                    effect cannot be told from noise here
     * @param smallestMinEffect the smallest minimum effect {@code compare} applied to the family's
     *                    figures: where it is under {@code floor}, it asks for more than the lab can see
     */
    public record FamilyNoise(String family, int judged, int falseAlarms, double floor, double smallestMinEffect) {

        /** False alarms of the judged comparisons, 0 to 1; NaN when none was judged. */
        @JsonIgnore
        public double falseAlarmRate() {
            return judged == 0 ? Double.NaN : (double) falseAlarms / judged;
        }

        /** Whether the family's minimum effect asks for a smaller change than the floor: a change that small is not seen. */
        @JsonIgnore
        public boolean belowFloor() {
            return judged > 0 && smallestMinEffect < floor;
        }
    }

    /**
     * One figure of one phase over every pair of repeats.
     *
     * @param phase       the phase's number
     * @param title       its title
     * @param figure      e.g. "CPU node 2 %"
     * @param family      its family
     * @param judged      pairs judged
     * @param falseAlarms of those, judged worse or better
     * @param largestShift the largest |shift| between two repeats; NaN when none was judged
     * @param minEffect   the minimum effect applied (from the first pair's before median)
     */
    public record FigureNoise(int phase, String title, String figure, String family, int judged, int falseAlarms,
                              double largestShift, double minEffect) {
    }

    /** A repeat: its name (directory) with its summary and samples. */
    public record Repeat(String name, RunSummary summary, RunTimeline timeline) {
    }

    /** The noise of {@code repeats}, at least two runs of one experiment, every pair compared. */
    public static NoiseFloor of(List<Repeat> repeats) {
        if (repeats.size() < 2) {
            throw new IllegalArgumentException("the noise floor needs at least two repeats of one experiment, got "
                    + repeats.size());
        }
        List<String> experiments = repeats.stream().map(r -> r.summary().experiment()).distinct().toList();
        if (experiments.size() > 1) {
            throw new IllegalArgumentException("the repeats are runs of " + experiments.size() + " experiments ("
                    + String.join(", ", experiments) + "): a noise floor compares repeats of one");
        }
        Map<String, FigureTally> byFigure = new LinkedHashMap<>();
        int pairs = 0;
        int baselineFails = 0;
        for (int i = 0; i < repeats.size(); i++) {
            for (int j = i + 1; j < repeats.size(); j++) {
                Repeat a = repeats.get(i);
                Repeat b = repeats.get(j);
                List<FigureShift> shifts = FigureShift.of(RunComparison.of(a.summary(), b.summary()), a.timeline(),
                        b.timeline());
                pairs++;
                baselineFails += shifts.stream().anyMatch(f -> f.judgement() == Judgement.WORSE) ? 1 : 0;
                baselineFails += shifts.stream().anyMatch(f -> f.judgement() == Judgement.BETTER) ? 1 : 0;
                shifts.forEach(f -> byFigure.computeIfAbsent(f.phase() + " " + f.figure(), k -> new FigureTally(f))
                        .add(f));
            }
        }
        List<FigureNoise> figures = byFigure.values().stream().map(FigureTally::noise).toList();
        List<FamilyNoise> families = FigureShift.FAMILIES.stream().map(family -> family(family, figures)).toList();
        return new NoiseFloor(FORMAT, repeats.stream().map(Repeat::name).toList(), pairs, families, figures,
                baselineFails, 2 * pairs);
    }

    /** The floor of each family that was judged, as a {@code baseline} criterion's {@code noise} takes them. */
    public Map<String, Double> floors() {
        Map<String, Double> floors = new LinkedHashMap<>();
        families.stream().filter(f -> f.judged() > 0).forEach(f -> floors.put(f.family(), f.floor()));
        return floors;
    }

    /** This noise floor as {@code noise.json} holds it. */
    public String json() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code file} as this build reads it; a file of another format is refused, naming both. */
    public static NoiseFloor read(Path file) {
        NoiseFloor noise;
        try {
            noise = JSON.readValue(file.toFile(), NoiseFloor.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a noise file: " + e.getMessage(), e);
        }
        if (noise.format() != FORMAT) {
            throw new IllegalArgumentException(file + ": format " + noise.format() + ", this build reads " + FORMAT);
        }
        return noise;
    }

    private static FamilyNoise family(String family, List<FigureNoise> figures) {
        List<FigureNoise> of = figures.stream().filter(f -> f.family().equals(family) && f.judged() > 0).toList();
        return new FamilyNoise(family, of.stream().mapToInt(FigureNoise::judged).sum(),
                of.stream().mapToInt(FigureNoise::falseAlarms).sum(),
                of.stream().mapToDouble(FigureNoise::largestShift).max().orElse(Double.NaN),
                of.stream().mapToDouble(FigureNoise::minEffect).min().orElse(Double.NaN));
    }

    /** One figure's comparisons as they come. */
    private static final class FigureTally {

        private final FigureShift first;
        private int judged;
        private int falseAlarms;
        private double largest = Double.NaN;

        FigureTally(FigureShift first) {
            this.first = first;
        }

        void add(FigureShift shift) {
            if (shift.judgement() == Judgement.THIN) {
                return;
            }
            judged++;
            falseAlarms += shift.judgement() == Judgement.SAME ? 0 : 1;
            double size = Math.abs(shift.shift().estimate());
            largest = Double.isNaN(largest) ? size : Math.max(largest, size);
        }

        FigureNoise noise() {
            return new FigureNoise(first.phase(), first.title(), first.figure(), first.family(), judged, falseAlarms,
                    largest, first.minEffect());
        }
    }

    /** The runs compared, for a person: "3 repeats, 3 pairs". */
    @JsonIgnore
    public String describe() {
        return runs.size() + " repeats, " + pairs + " pairs";
    }

    /** The judged figures, the noisiest first: the most false alarms, then the largest shift in minimum effects. */
    @JsonIgnore
    public List<FigureNoise> noisiest(int atMost) {
        return figures.stream().filter(f -> f.judged() > 0)
                .sorted(Comparator.comparingInt(FigureNoise::falseAlarms)
                        .thenComparingDouble(f -> f.largestShift() / Math.max(f.minEffect(), 1e-9)).reversed())
                .limit(atMost).toList();
    }
}
