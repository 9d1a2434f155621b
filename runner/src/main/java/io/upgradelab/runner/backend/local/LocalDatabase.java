package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.nacos.MysqlSchemaScript;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.process.LogTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The config store production clusters run ({@code target.storage: mysql}): a MariaDB server the
 * lab owns, with its data under the run's cluster folder, bound to 127.0.0.1 on a port of the
 * lab's layout, its own socket file, and every node of the cluster pointed at its database
 * {@code nacos}. Why: the embedded store loses configs on upgrade paths a MySQL-backed cluster
 * does not take (alibaba/nacos #9681; the config raft group of a mixed 2.0/2.2+ cluster), so the
 * lab must run the store a team really uses.
 *
 * <p>One lifecycle, like {@link LocalNode}'s: {@code mariadb-install-db} initialises the data
 * folder, {@code mariadbd} runs through {@link ChildProcess} (so it dies with the runner, SIGKILL
 * included), ready is a JDBC connection that answers, and it is stopped by its PID. The schema is
 * the first version's own ({@link MysqlSchemaScript}); {@link #migrateTo} adds what a newer
 * version's schema has and the database lacks ({@link SchemaDiff}), before that version's first
 * node starts.
 */
public final class LocalDatabase implements AutoCloseable {

    /** The database the nodes use, and the user they (and the lab) log in as. */
    public static final String DATABASE = "nacos";
    public static final String USER = "nacos";
    private static final String PASSWORD = "nacos";
    /** From node 1's HTTP port: nodes take residues 0 and 1 of their block (HTTP, gRPC +1000/+1001, raft -1000). */
    static final int PORT_OFFSET = 5;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration POLL = Duration.ofMillis(300);
    /** Longer socket paths do not fit a sockaddr_un (108 bytes with the terminating NUL). */
    private static final int MAX_SOCKET_PATH = 100;
    private static final List<Path> BINARY_FOLDERS = List.of(Path.of("/usr/sbin"), Path.of("/usr/bin"),
            Path.of("/usr/local/sbin"), Path.of("/usr/local/bin"));

    private final Path directory;
    private final int port;
    private final ChildProcess process;
    private final Consumer<String> progress;
    private final Set<String> schemaVersions = new HashSet<>();

    private LocalDatabase(Path directory, int port, ChildProcess process, Consumer<String> progress) {
        this.directory = directory;
        this.port = port;
        this.process = process;
        this.progress = progress;
    }

    /** The database port of a cluster whose node 1 listens on {@code firstPort}. */
    public static int portFor(int firstPort) {
        return firstPort + PORT_OFFSET;
    }

    /**
     * Initialises {@code directory}, starts MariaDB on 127.0.0.1:{@code port}, waits until it
     * answers and loads {@code first}'s schema into database {@value #DATABASE}.
     *
     * @throws LabException INVALID_INPUT when MariaDB is not installed or the port is taken (nothing
     *                      started); FAILED when it did not start (stopped again)
     */
    public static LocalDatabase start(Path directory, int port, NacosDistribution first, Consumer<String> progress) {
        Path mariadbd = binary("mariadbd");
        Path installDb = binary("mariadb-install-db");
        if (ListeningSockets.read().isTaken(port)) {
            throw LabException.invalidInput("port " + port + " (the MariaDB of target.storage mysql) is already in use;"
                    + " choose another first port (target.firstPort): the database takes firstPort+" + PORT_OFFSET);
        }
        long began = System.nanoTime();
        install(installDb, directory);
        ChildProcess process = ChildProcess.start("mariadb", serverCommand(mariadbd, directory, port), Map.of(),
                directory, directory.resolve("console.log"));
        LocalDatabase database = new LocalDatabase(directory, port, process, progress);
        try {
            database.awaitReady(Deadline.after(START_TIMEOUT));
            database.load(DATABASE, first);
            database.schemaVersions.add(first.version());
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        progress.accept("storage: MariaDB on 127.0.0.1:" + port + ", pid " + process.pid() + ", up in "
                + String.format("%.1f s", (System.nanoTime() - began) / 1e9) + " with Nacos " + first.version()
                + "'s schema in database " + DATABASE + "; log " + process.output());
        return database;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** What each node's application.properties needs to keep its configs here (2.2+ reads spring.sql.init.platform). */
    public Map<String, String> nacosProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.datasource.platform", "mysql");
        properties.put("spring.sql.init.platform", "mysql");
        properties.put("db.num", "1");
        properties.put("db.url.0", "jdbc:mysql://127.0.0.1:" + port + "/" + DATABASE + "?characterEncoding=utf8"
                + "&connectTimeout=1000&socketTimeout=3000&autoReconnect=true&useUnicode=true&useSSL=false"
                + "&serverTimezone=UTC");
        properties.put("db.user.0", USER);
        properties.put("db.password.0", PASSWORD);
        return properties;
    }

    /**
     * Adds to database {@value #DATABASE} what {@code version}'s schema has and it lacks: the
     * version's own script is loaded into a scratch database, both are read from
     * {@code information_schema}, and the missing tables and columns are created; once per version:
     * asked again, it answers that nothing was needed.
     */
    public synchronized StorageMigration migrateTo(NacosDistribution version) {
        if (schemaVersions.contains(version.version())) {
            return new StorageMigration(version.version(), List.of(), List.of(), List.of());
        }
        String scratch = "upgrade_lab_schema_" + version.version().replaceAll("[^A-Za-z0-9]", "_");
        StorageMigration migration;
        try (Connection connection = connect("")) {
            execute(connection, "DROP DATABASE IF EXISTS " + SchemaDiff.identifier(scratch));
            execute(connection, "CREATE DATABASE " + SchemaDiff.identifier(scratch));
            load(scratch, version);
            migration = SchemaDiff.between(version.version(), DATABASE, columns(connection, DATABASE), scratch,
                    columns(connection, scratch));
            for (String statement : migration.statements()) {
                execute(connection, statement);
            }
            execute(connection, "DROP DATABASE " + SchemaDiff.identifier(scratch));
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: cannot bring database " + DATABASE + " to Nacos "
                    + version.version() + "'s schema: " + e.getMessage(), process.output(), List.of());
        }
        schemaVersions.add(version.version());
        return migration;
    }

    /** Every table of {@code database} with its columns, as information_schema says. */
    public Map<String, List<SchemaDiff.Column>> columns(String database) {
        try (Connection connection = connect("")) {
            return columns(connection, database);
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: cannot read " + database + "'s columns: " + e.getMessage());
        }
    }

    /** A connection to database {@value #DATABASE} as the nodes' user: to see what the nodes stored. */
    public Connection connect() throws SQLException {
        return connect(DATABASE);
    }

    /** Stops MariaDB by its PID (SIGTERM: it flushes and exits; SIGKILL after the grace). */
    @Override
    public void close() {
        process.stop(ChildProcess.DEFAULT_GRACE);
    }

    private void awaitReady(Deadline deadline) {
        String last = "no answer yet";
        while (true) {
            try (Connection connection = connect(DATABASE)) {
                if (connection.isValid(2)) {
                    return;
                }
            } catch (SQLException e) {
                last = e.getMessage();
            }
            if (!process.isAlive() || deadline.hasPassed()) {
                String why = process.isAlive() ? "did not answer " + deadline.describe() + " (" + last + ")"
                        : "exited with " + process.exitCode() + " before it answered";
                process.kill();
                throw new LabException(LabException.FAILED, "storage: MariaDB on 127.0.0.1:" + port + " " + why,
                        process.output(), LogTail.lastLinesOf(process.output()));
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    /** Runs {@code version}'s schema script in {@code database}, whole: the server splits it, nothing here parses SQL. */
    private void load(String database, NacosDistribution version) {
        String script = MysqlSchemaScript.of(version);
        try (Connection connection = connect(database); Statement statement = connection.createStatement()) {
            boolean results = statement.execute(script);
            while (results || statement.getUpdateCount() != -1) {
                results = statement.getMoreResults();
            }
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: Nacos " + version.version()
                    + "'s MySQL schema does not load into " + database + ": " + e.getMessage(), process.output(), List.of());
        }
    }

    private Connection connect(String database) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/" + database
                + "?allowMultiQueries=true&useSSL=false&allowPublicKeyRetrieval=true&serverTimezone=UTC"
                + "&characterEncoding=utf8&connectTimeout=2000&socketTimeout=120000", USER, PASSWORD);
    }

    private static Map<String, List<SchemaDiff.Column>> columns(Connection connection, String database)
            throws SQLException {
        Map<String, List<SchemaDiff.Column>> tables = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE,"
                + " IS_NULLABLE, COLUMN_DEFAULT, EXTRA, COLUMN_COMMENT FROM information_schema.COLUMNS"
                + " WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION")) {
            query.setString(1, database);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    tables.computeIfAbsent(rows.getString(1), t -> new ArrayList<>()).add(new SchemaDiff.Column(
                            rows.getString(2), rows.getString(3), "YES".equals(rows.getString(4)), rows.getString(5),
                            rows.getString(6), rows.getString(7)));
                }
            }
        }
        return tables;
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** {@code mariadb-install-db}: the system tables in {@code directory}/data, and the lab's user created at each start. */
    private static void install(Path installDb, Path directory) {
        try {
            Files.createDirectories(directory.resolve("tmp"));
            Files.write(directory.resolve("init.sql"), List.of(
                    "CREATE DATABASE IF NOT EXISTS " + DATABASE + " DEFAULT CHARACTER SET utf8mb4;",
                    "CREATE USER IF NOT EXISTS '" + USER + "'@'127.0.0.1' IDENTIFIED BY '" + PASSWORD + "';",
                    "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'127.0.0.1';"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + directory, e);
        }
        Path log = directory.resolve("install.log");
        ChildProcess install = ChildProcess.start("mariadb-install-db", List.of(installDb.toString(), "--no-defaults",
                "--datadir=" + directory.resolve("data"), "--user=root", "--skip-test-db",
                "--auth-root-authentication-method=socket"), Map.of(), directory, log);
        if (!install.awaitExit(INSTALL_TIMEOUT) || install.exitCode() != 0) {
            install.kill();
            throw new LabException(LabException.FAILED, "storage: mariadb-install-db did not initialise "
                    + directory.resolve("data") + " (exit " + install.exitCode() + ")", log, LogTail.lastLinesOf(log));
        }
    }

    /**
     * mariadbd on 127.0.0.1 only, networking on (Nacos connects over TCP), as root (the lab runs as
     * root here, and mariadbd refuses root unless told), small buffers: a test bed on a shared machine.
     */
    private static List<String> serverCommand(Path mariadbd, Path directory, int port) {
        return List.of(mariadbd.toString(), "--no-defaults",
                "--datadir=" + directory.resolve("data"),
                "--socket=" + socket(directory, port),
                "--pid-file=" + directory.resolve("mariadbd.pid"),
                "--tmpdir=" + directory.resolve("tmp"),
                "--port=" + port, "--bind-address=127.0.0.1", "--skip-name-resolve",
                "--user=root",
                "--init-file=" + directory.resolve("init.sql"),
                "--innodb-buffer-pool-size=64M", "--performance-schema=OFF",
                "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci");
    }

    /** The socket file in the database folder; under the temporary folder when that path is too long for a socket. */
    static Path socket(Path directory, int port) {
        Path socket = directory.resolve("mariadb.sock").toAbsolutePath();
        return socket.toString().length() <= MAX_SOCKET_PATH ? socket
                : Path.of(System.getProperty("java.io.tmpdir"), "upgrade-lab-mariadb-" + port + ".sock");
    }

    private static Path binary(String name) {
        return BINARY_FOLDERS.stream().map(folder -> folder.resolve(name)).filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> LabException.invalidInput("target.storage mysql needs MariaDB's server, and '" + name
                        + "' is not installed (looked in " + BINARY_FOLDERS + "): apt-get install mariadb-server"));
    }

    @Override
    public String toString() {
        return "MariaDB (127.0.0.1:" + port + ", pid " + pid() + ", " + directory + ")";
    }
}
