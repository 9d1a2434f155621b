package io.upgradelab.journal;

/** The probe's summary, journalled at tear-down once the probe has accounted for every call. */
@LineType("probeSummary")
public record ProbeSummaryLine(ProbeSummary summary) {
}
