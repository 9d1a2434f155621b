package io.upgradelab.runner.backend.local;

import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.nacos.MysqlSchemaScript;
import io.upgradelab.runner.nacos.NacosDistribution;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a live Nacos database lacks against a newer version's schema, and the statements that add
 * it, as Nacos's upgrade notes tell operators (2.2: {@code ALTER TABLE config_info ADD COLUMN
 * encrypted_data_key ...}). Both sides are read from {@code information_schema} (the newer schema
 * loaded into a scratch database by the version's own script), so no SQL is parsed here: a missing
 * table is created {@code LIKE} the scratch one, a missing column is added with the scratch column's
 * type, nullability, default, {@code ON UPDATE} and comment. Only additions: a column whose type
 * changed, or an index, is left as it is.
 */
public final class SchemaDiff {

    private SchemaDiff() {
    }

    /**
     * One column as MariaDB's {@code information_schema.COLUMNS} says it.
     *
     * @param defaultValue {@code COLUMN_DEFAULT}: in MariaDB (10.2.7 on) an SQL expression, literals
     *                     quoted ({@code ''}, {@code 'x'}, {@code NULL}, {@code current_timestamp()});
     *                     null when the column has none
     * @param extra        {@code EXTRA}, e.g. {@code on update current_timestamp()}, {@code auto_increment}
     */
    public record Column(String name, String columnType, boolean nullable, String defaultValue, String extra,
                         String comment) {
    }

    /**
     * What {@code live} (database {@code liveDb}) lacks against {@code wanted} (database
     * {@code scratchDb}, {@code version}'s schema), each table's columns in their ordinal order: the
     * tables it lacked, the columns ({@code table.column}) it lacked in tables it had, and the DDL.
     */
    public static StorageMigration between(String version, String liveDb, Map<String, List<Column>> live, String scratchDb,
                                     Map<String, List<Column>> wanted) {
        List<String> tables = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        List<String> statements = new ArrayList<>();
        wanted.forEach((table, wantedColumns) -> {
            List<Column> have = live.get(table);
            if (have == null) {
                tables.add(table);
                statements.add("CREATE TABLE " + name(liveDb, table) + " LIKE " + name(scratchDb, table));
                return;
            }
            Set<String> present = have.stream().map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
            String previous = null;
            for (Column column : wantedColumns) {
                if (!present.contains(column.name().toLowerCase(Locale.ROOT))) {
                    columns.add(table + "." + column.name());
                    statements.add("ALTER TABLE " + name(liveDb, table) + " ADD COLUMN " + definition(column)
                            + (previous != null && present.contains(previous.toLowerCase(Locale.ROOT))
                            ? " AFTER " + identifier(previous) : ""));
                }
                previous = column.name();
            }
        });
        return new StorageMigration(version, tables, columns, statements);
    }

    /**
     * What database {@code liveDb} lacks against {@code version}'s schema, changing nothing in it: the
     * version's own script is loaded into a scratch database ({@code scratch}, made and dropped here, so
     * the account needs the right to create one) and both are read from {@code information_schema}.
     */
    public static StorageMigration measure(Connection connection, String liveDb, NacosDistribution version,
                                           String scratch) throws SQLException {
        String script = MysqlSchemaScript.of(version);
        execute(connection, "DROP DATABASE IF EXISTS " + identifier(scratch));
        execute(connection, "CREATE DATABASE " + identifier(scratch));
        try {
            String current = connection.getCatalog();
            connection.setCatalog(scratch);
            execute(connection, script);
            connection.setCatalog(current == null || current.isEmpty() ? liveDb : current);
            return between(version.version(), liveDb, columns(connection, liveDb), scratch, columns(connection, scratch));
        } finally {
            execute(connection, "DROP DATABASE IF EXISTS " + identifier(scratch));
        }
    }

    /** Every table of {@code database} with its columns, as information_schema says. */
    public static Map<String, List<Column>> columns(Connection connection, String database) throws SQLException {
        Map<String, List<Column>> tables = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE,"
                + " IS_NULLABLE, COLUMN_DEFAULT, EXTRA, COLUMN_COMMENT FROM information_schema.COLUMNS"
                + " WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION")) {
            query.setString(1, database);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    tables.computeIfAbsent(rows.getString(1), t -> new ArrayList<>()).add(new Column(
                            rows.getString(2), rows.getString(3), "YES".equals(rows.getString(4)), rows.getString(5),
                            rows.getString(6), rows.getString(7)));
                }
            }
        }
        return tables;
    }

    /** Runs {@code script}, one or many statements (the connection allows several), to its last result. */
    static void execute(Connection connection, String script) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            boolean results = statement.execute(script);
            while (results || statement.getUpdateCount() != -1) {
                results = statement.getMoreResults();
            }
        }
    }

    /** The column's definition as ADD COLUMN takes it. */
    static String definition(Column column) {
        StringBuilder sql = new StringBuilder(identifier(column.name())).append(' ').append(column.columnType());
        sql.append(column.nullable() ? " NULL" : " NOT NULL");
        if (column.defaultValue() != null && !(column.nullable() && "NULL".equalsIgnoreCase(column.defaultValue()))) {
            sql.append(" DEFAULT ").append(column.defaultValue());
        }
        String extra = column.extra() == null ? "" : column.extra().trim();
        if (extra.toLowerCase(Locale.ROOT).startsWith("on update ")) {
            sql.append(' ').append(extra);
        }
        if (column.comment() != null && !column.comment().isEmpty()) {
            sql.append(" COMMENT ").append(literal(column.comment()));
        }
        return sql.toString();
    }

    static String name(String database, String table) {
        return identifier(database) + "." + identifier(table);
    }

    /** A back-quoted identifier, back-quotes doubled. */
    static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** A single-quoted string literal, quotes doubled and backslashes escaped (MariaDB's default SQL mode). */
    static String literal(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
    }
}
