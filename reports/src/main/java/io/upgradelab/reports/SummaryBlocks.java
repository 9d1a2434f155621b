package io.upgradelab.reports;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's summary after its opening, as blocks: which sections it has, in which order, with which tables,
 * lists and notes, decided once here, so summary.md ({@link SummaryMarkdown}) and the terminal's summary
 * ({@link SummaryTerminal}) never differ on what a run shows, only on how they write it.
 */
public final class SummaryBlocks {

    /** One part of the summary. */
    public sealed interface Block permits Heading, Text, Table, Bullets, Note {
    }

    /** A section's title. */
    public record Heading(String text) implements Block {
    }

    /** A sentence the lab wrote, safe as it is in Markdown. */
    public record Text(String text) implements Block {
    }

    /** A table, its cells from the journal. */
    public record Table(List<SummaryText.Column> columns, List<List<SummaryText.Cell>> rows) implements Block {
    }

    /** A list, its items from the journal. */
    public record Bullets(List<String> items) implements Block {
    }

    /** What a table's figures mean: for the file, not for a terminal's glance. */
    public record Note(String text) implements Block {
    }

    private SummaryBlocks() {
    }

    /** The blocks of {@code run}'s summary after its opening, in order. */
    public static List<Block> of(RunSummary run, ReportOpening opening) {
        List<Block> blocks = new ArrayList<>(List.of(new Text(SummaryText.probeSentence(run)),
                new Table(SummaryText.COLUMNS, SummaryText.rows(run)), new Note(SummaryText.FOOTNOTE)));
        section(blocks, "Naming benchmark", SummaryText.BENCHMARK_COLUMNS, SummaryText.benchmarkRows(run),
                List.of(), SummaryText.BENCHMARK_FOOTNOTE);
        section(blocks, "Gateway benchmark", SummaryText.GATEWAY_COLUMNS, SummaryText.gatewayRows(run),
                SummaryText.gatewaySeconds(run), SummaryText.GATEWAY_FOOTNOTE);
        List<List<SummaryText.Cell>> stacks = SummaryText.stackRows(run);
        if (!stacks.isEmpty()) {
            blocks.addAll(List.of(new Heading("Consumer stacks"), new Table(SummaryText.STACK_COLUMNS, stacks),
                    new Note(SummaryText.STACK_FOOTNOTE)));
            bullets(blocks, SummaryText.stackAdvice(run));
        }
        section(blocks, "Signals", SummaryText.SIGNAL_COLUMNS, SummaryText.signalRows(run), List.of(),
                SummaryText.SIGNAL_FOOTNOTE);
        list(blocks, "Failure signs and missing providers", SummaryText.findings(run), null);
        list(blocks, NextVersionCutOffs.HEADING, NextVersionCutOffs.of(opening.facts()), null);
        list(blocks, "Over-counted providers", SummaryText.overCounts(run), SummaryText.OVER_COUNT_NOTE);
        section(blocks, "Rollback", RollbackWindow.COLUMNS, RollbackWindow.rows(run), List.of(), RollbackWindow.FOOTNOTE);
        section(blocks, "Configs", SummaryText.CONFIG_COLUMNS, SummaryText.configRows(run), List.of(),
                SummaryText.CONFIG_FOOTNOTE);
        section(blocks, "The lab's footprint", LabFootprintTable.COLUMNS, LabFootprintTable.rows(run), List.of(),
                LabFootprintTable.FOOTNOTE);
        return List.copyOf(blocks);
    }

    /** A heading, its table, the sentences under it and its note; nothing when the table has no row. */
    private static void section(List<Block> blocks, String heading, List<SummaryText.Column> columns,
                                List<List<SummaryText.Cell>> rows, List<String> under, String note) {
        if (rows.isEmpty()) {
            return;
        }
        blocks.addAll(List.of(new Heading(heading), new Table(columns, rows)));
        bullets(blocks, under);
        blocks.add(new Note(note));
    }

    /** A heading and its list, then its note (null: none); nothing when the list is empty. */
    private static void list(List<Block> blocks, String heading, List<String> items, String note) {
        if (items.isEmpty()) {
            return;
        }
        blocks.addAll(List.of(new Heading(heading), new Bullets(items)));
        if (note != null) {
            blocks.add(new Note(note));
        }
    }

    private static void bullets(List<Block> blocks, List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Bullets(items));
        }
    }
}
