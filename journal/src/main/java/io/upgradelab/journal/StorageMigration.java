package io.upgradelab.journal;

import java.util.ArrayList;
import java.util.List;

/**
 * What a cluster's shared database needed before the first node of a newer version started on it
 * (the {@code storageMigrated} journal line): a team sees the schema change its own upgrade needs,
 * and a run whose configs went missing can be told apart from one whose database lacked a column.
 *
 * @param version      the version whose schema the database now holds
 * @param tablesAdded  tables created (LIKE the version's own)
 * @param columnsAdded columns added, as {@code table.column}
 * @param statements   the DDL applied, in order
 * @param skipped      true when the experiment skipped the step ({@code target.local.schemaUpgrade: false}): the
 *                     tables and columns are then those the database lacks, and the statements those not run
 */
@LineType("storageMigrated")
public record StorageMigration(String version, List<String> tablesAdded, List<String> columnsAdded,
                               List<String> statements, boolean skipped) {

    public StorageMigration {
        tablesAdded = List.copyOf(tablesAdded);
        columnsAdded = List.copyOf(columnsAdded);
        statements = List.copyOf(statements);
    }

    /** The step as the lab takes it: what it applied. */
    public StorageMigration(String version, List<String> tablesAdded, List<String> columnsAdded,
                            List<String> statements) {
        this(version, tablesAdded, columnsAdded, statements, false);
    }

    /** The same changes, not applied: the experiment skips the step. */
    public StorageMigration asSkipped() {
        return new StorageMigration(version, tablesAdded, columnsAdded, statements, true);
    }

    /** One line for a person. */
    public String describe() {
        if (skipped && !statements.isEmpty()) {
            return "storage: schema upgrade skipped (target.local.schemaUpgrade: false): the database lacks, for Nacos "
                    + version + ", " + changes("tables ", "columns ", " and ");
        }
        if (statements.isEmpty()) {
            return "storage: the database already holds every table and column of Nacos " + version + "'s schema";
        }
        return "storage: schema upgraded for Nacos " + version + ": " + changes("tables added ", "columns added ", "; ");
    }

    /** The tables and the columns, each named where there are any, joined by {@code and}. */
    private String changes(String tables, String columns, String and) {
        List<String> parts = new ArrayList<>();
        if (!tablesAdded.isEmpty()) {
            parts.add(tables + tablesAdded);
        }
        if (!columnsAdded.isEmpty()) {
            parts.add(columns + columnsAdded);
        }
        return String.join(and, parts);
    }
}
