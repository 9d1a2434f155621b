package io.upgradelab.journal;

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
 */
@LineType("storageMigrated")
public record StorageMigration(String version, List<String> tablesAdded, List<String> columnsAdded,
                               List<String> statements) {

    public StorageMigration {
        tablesAdded = List.copyOf(tablesAdded);
        columnsAdded = List.copyOf(columnsAdded);
        statements = List.copyOf(statements);
    }

    /** One line for a person. */
    public String describe() {
        if (statements.isEmpty()) {
            return "storage: the database already holds every table and column of Nacos " + version + "'s schema";
        }
        return "storage: schema upgraded for Nacos " + version + ": "
                + (tablesAdded.isEmpty() ? "" : "tables added " + tablesAdded + (columnsAdded.isEmpty() ? "" : "; "))
                + (columnsAdded.isEmpty() ? "" : "columns added " + columnsAdded);
    }
}
