package io.upgradelab.reports;

import io.upgradelab.reports.NoiseFloor.FamilyNoise;
import io.upgradelab.reports.NoiseFloor.FigureNoise;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A {@link NoiseFloor} for a person (the {@code noise} command's output and {@code noise.md}): per
 * figure family the false alarms and the floor, the line a {@code baseline} criterion takes, and the
 * noisiest figures.
 */
public final class NoiseMarkdown {

    /** How many of the noisiest figures are listed. */
    private static final int NOISIEST = 12;

    private NoiseMarkdown() {
    }

    public static String render(NoiseFloor noise) {
        StringBuilder md = new StringBuilder();
        md.append("## Noise floor: ").append(noise.describe()).append("\n\n");
        md.append("Repeats of one experiment with nothing changed between them, every pair compared as `compare`"
                + " and a `baseline` criterion judge an upgrade: any figure judged worse or better is a false alarm.\n\n");
        md.append("Runs: ").append(noise.runs().stream().map(r -> "`" + r + "`").collect(Collectors.joining(", ")))
                .append("\n\n");
        md.append("A `baseline` criterion over every phase and figure would have failed **")
                .append(noise.baselineFalseAlarms()).append(" of ").append(noise.orderedPairs())
                .append("** ordered pairs (each pair with either run as the baseline).\n\n");
        md.append("| family | judged | false alarms | rate | floor: largest shift between repeats | smallest minimum effect"
                + " | a change of the minimum effect |\n|---|--:|--:|--:|--:|--:|---|\n");
        for (FamilyNoise family : noise.families()) {
            md.append("| ").append(family.family()).append(" | ").append(family.judged()).append(" | ")
                    .append(family.falseAlarms()).append(" | ").append(rate(family)).append(" | ")
                    .append(number(family.floor())).append(" | ").append(number(family.smallestMinEffect())).append(" | ")
                    .append(family.judged() == 0 ? "not judged" : family.belowFloor() ? "**not seen**: under the floor"
                            : "seen").append(" |\n");
        }
        md.append("\nFor a `baseline` criterion on this machine (a change within its floor is INCONCLUSIVE):\n\n    noise: {")
                .append(noise.floors().entrySet().stream().map(e -> e.getKey() + ": " + number(e.getValue()))
                        .collect(Collectors.joining(", "))).append("}\n\n");
        md.append("The noisiest figures:\n\n| phase | figure | judged | false alarms | largest shift | minimum effect |\n"
                + "|--:|---|--:|--:|--:|--:|\n");
        for (FigureNoise figure : noise.noisiest(NOISIEST)) {
            md.append("| ").append(figure.phase()).append(" | ").append(figure.figure()).append(" | ")
                    .append(figure.judged()).append(" | ").append(figure.falseAlarms()).append(" | ")
                    .append(number(figure.largestShift())).append(" | ").append(number(figure.minEffect())).append(" |\n");
        }
        return md.toString();
    }

    private static String rate(FamilyNoise family) {
        return family.judged() == 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", 100 * family.falseAlarmRate());
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "-" : SummaryText.number(value);
    }
}
