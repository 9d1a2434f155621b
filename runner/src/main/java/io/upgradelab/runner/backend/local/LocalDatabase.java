package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.nacos.MysqlSchemaScript;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.process.LogTail;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.upgradelab.demo.LabAddress;

/**
 * The config store production clusters run ({@code target.local.storage: mysql}): a MariaDB server the
 * lab owns, with its data under the run's cluster folder, bound to 127.0.0.1 on a port of the
 * lab's layout, its own socket file, and every node of the cluster pointed at its database
 * {@code nacos}. Why: the embedded store loses configs on upgrade paths a MySQL-backed cluster
 * does not take (alibaba/nacos #9681; the config raft group of a mixed 2.0/2.2+ cluster), so the
 * lab must run the store a team really uses.
 *
 * <p>One lifecycle, like {@link LocalNode}'s: {@code mariadb-install-db} initialises the data
 * folder, {@code mariadbd} runs through {@link ChildProcess} (so it dies with the runner, SIGKILL
 * included), the accounts are made through the {@code mariadb} client on the socket, ready is a
 * JDBC connection as the nodes' user that answers, and it is stopped by its PID. The schema is
 * the first version's own ({@link MysqlSchemaScript}); {@link #migrateTo} adds what a newer
 * version's schema has and the database lacks ({@link SchemaDiff}), before that version's first
 * node starts.
 *
 * <p>The database is the lab's alone: when the lab runs as root, mariadbd runs as an unprivileged
 * account ({@link #SERVER_ACCOUNTS}) that owns only its data, temporary, socket and file folders;
 * {@code secure_file_priv} is the run's {@code mysql-files} folder; root logs in by the unix socket
 * only; the nodes' user {@value #USER} and the lab's {@value #LAB_USER} have passwords made for the
 * run ({@link Secret}) and privileges on their databases only (no FILE, no GRANT OPTION), from
 * loopback addresses the nodes and the lab connect from. The passwords reach MariaDB on the
 * client's standard input and the nodes in their environment ({@value #PASSWORD_VARIABLE}): never a
 * file, a command line, a log line or a message.
 */
public final class LocalDatabase implements AutoCloseable {

    /** The database the nodes use, and the user they log in as. */
    public static final String DATABASE = "nacos";
    public static final String USER = "nacos";
    /** The lab's own user: loads and upgrades the schema, through scratch databases the nodes' user cannot touch. */
    static final String LAB_USER = "upgrade_lab";
    /** The prefix of {@link #migrateTo}'s scratch databases, the only ones besides {@value #DATABASE} the lab's user may make. */
    static final String SCRATCH_PREFIX = "upgrade_lab_schema_";
    /** Where a node finds its password: Spring Boot's relaxed binding reads it as {@code db.password.0}. */
    static final String PASSWORD_VARIABLE = "DB_PASSWORD_0";
    /** Whom mariadbd runs as when the lab runs as root: the first of these accounts that exists and is not root. */
    static final List<String> SERVER_ACCOUNTS = List.of("upgrade-lab", "nobody");
    /** Where the lab itself connects from (the runner JVM has no bind guard), and where MariaDB listens. */
    private static final String LAB_HOST = "127.0.0.1";
    /** From node 1's HTTP port: nodes take residues 0 and 1 of their block (HTTP, gRPC +1000/+1001, raft -1000). */
    static final int PORT_OFFSET = 5;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(300);
    /** Longer socket paths do not fit a sockaddr_un (108 bytes with the terminating NUL). */
    private static final int MAX_SOCKET_PATH = 100;
    private static final List<Path> BINARY_FOLDERS = List.of(Path.of("/usr/sbin"), Path.of("/usr/bin"),
            Path.of("/usr/local/sbin"), Path.of("/usr/local/bin"));

    private final Path directory;
    private final ServerPaths paths;
    private final int port;
    private final ChildProcess process;
    private final Consumer<String> progress;
    private final Secret nodePassword;
    private final Secret labPassword;
    private final Set<String> schemaVersions = new HashSet<>();
    /** What each version's schema adds, where the step is skipped: worked out once per version. */
    private final Map<String, StorageMigration> skipped = new HashMap<>();
    private boolean upgradesSchema = true;

    private LocalDatabase(Path directory, ServerPaths paths, int port, ChildProcess process, Secret nodePassword,
                          Secret labPassword, Consumer<String> progress) {
        this.directory = directory;
        this.paths = paths;
        this.port = port;
        this.process = process;
        this.nodePassword = nodePassword;
        this.labPassword = labPassword;
        this.progress = progress;
    }

    /** The database port of a cluster whose node 1 listens on {@code firstPort}. */
    public static int portFor(int firstPort) {
        return firstPort + PORT_OFFSET;
    }

    /**
     * Initialises {@code directory}, starts MariaDB on 127.0.0.1:{@code port}, makes the nodes' user
     * (from 127.0.0.1 and from each loopback address of {@code nodeAddresses}) and the lab's, waits
     * until it answers and loads {@code first}'s schema into database {@value #DATABASE}.
     *
     * @throws LabException INVALID_INPUT when MariaDB is not installed, the port is taken or no
     *                      unprivileged account can run it (nothing started); FAILED when it did not
     *                      start (stopped again)
     */
    public static LocalDatabase start(Path directory, int port, NacosDistribution first, List<String> nodeAddresses,
                                      Consumer<String> progress) {
        Path mariadbd = binary("mariadbd");
        Path installDb = binary("mariadb-install-db");
        Path client = binary("mariadb");
        if (ListeningSockets.read().isTaken(port)) {
            throw LabException.invalidInput("port " + port + " (the MariaDB of target.local.storage mysql) is already in use;"
                    + " choose another first port (target.firstPort): the database takes firstPort+" + PORT_OFFSET);
        }
        Account account = Account.forServer();
        long began = System.nanoTime();
        ServerPaths paths = ServerPaths.prepare(directory, port, account);
        install(installDb, directory, paths, account);
        ChildProcess process = ChildProcess.start("mariadb", serverCommand(mariadbd, paths, port, account), Map.of(),
                directory, directory.resolve("console.log"));
        LocalDatabase database = new LocalDatabase(directory, paths, port, process, Secret.random(), Secret.random(),
                progress);
        try {
            Deadline deadline = Deadline.after(START_TIMEOUT);
            database.createAccounts(client, account, nodeHosts(nodeAddresses), deadline);
            database.awaitReady(deadline);
            database.load(DATABASE, first);
            database.schemaVersions.add(first.version());
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        progress.accept("storage: MariaDB on 127.0.0.1:" + port + ", pid " + process.pid() + ", as user "
                + account.name() + ", up in " + String.format("%.1f s", (System.nanoTime() - began) / 1e9)
                + " with Nacos " + first.version() + "'s schema in database " + DATABASE + "; data " + paths.data()
                + ", files only in " + paths.files() + "; log " + process.output());
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

    /**
     * What each node's application.properties needs to keep its configs here (2.2+ reads
     * spring.sql.init.platform); not the password, which is in {@link #nodeEnvironment()}.
     */
    public Map<String, String> nacosProperties() {
        return nacosProperties(port);
    }

    static Map<String, String> nacosProperties(int port) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.datasource.platform", "mysql");
        properties.put("spring.sql.init.platform", "mysql");
        properties.put("db.num", "1");
        properties.put("db.url.0", "jdbc:mysql://127.0.0.1:" + port + "/" + DATABASE + "?characterEncoding=utf8"
                + "&connectTimeout=1000&socketTimeout=3000&autoReconnect=true&useUnicode=true&useSSL=false"
                + "&serverTimezone=UTC");
        properties.put("db.user.0", USER);
        return properties;
    }

    /**
     * What each node's process environment needs besides: the nodes' password as
     * {@value #PASSWORD_VARIABLE}, which Nacos 1.4 and 2.x bind to {@code db.password.0} through
     * Spring's environment. A process's environment is readable by its own user and root only; its
     * command line and the run's files by anyone.
     */
    Map<String, String> nodeEnvironment() {
        return nodeEnvironment(nodePassword);
    }

    static Map<String, String> nodeEnvironment(Secret nodePassword) {
        return Map.of(PASSWORD_VARIABLE, nodePassword.value());
    }

    /**
     * Adds to database {@value #DATABASE} what {@code version}'s schema has and it lacks: the
     * version's own script is loaded into a scratch database, both are read from
     * {@code information_schema}, and the missing tables and columns are created; once per version:
     * asked again, it answers that nothing was needed.
     */
    public synchronized StorageMigration migrateTo(NacosDistribution version) {
        if (skipped.containsKey(version.version())) {
            return skipped.get(version.version());
        }
        if (schemaVersions.contains(version.version())) {
            return new StorageMigration(version.version(), List.of(), List.of(), List.of());
        }
        String scratch = SCRATCH_PREFIX + version.version().replaceAll("[^A-Za-z0-9]", "_");
        StorageMigration migration;
        try (Connection connection = connect("", LAB_USER, labPassword)) {
            migration = SchemaDiff.measure(connection, DATABASE, version, scratch);
            for (String statement : upgradesSchema ? migration.statements() : List.<String>of()) {
                SchemaDiff.execute(connection, statement);
            }
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: cannot bring database " + DATABASE + " to Nacos "
                    + version.version() + "'s schema: " + hide(e.getMessage()), process.output(), List.of());
        }
        if (!upgradesSchema) {
            skipped.put(version.version(), migration.asSkipped());
            return skipped.get(version.version());
        }
        schemaVersions.add(version.version());
        return migration;
    }

    /**
     * From now on {@link #migrateTo} only says what a version's schema has and the database lacks, and
     * changes nothing ({@link StorageMigration#skipped()}): the team that skips the step (alibaba/nacos #13654).
     */
    public synchronized void skipSchemaUpgrades() {
        upgradesSchema = false;
    }

    /**
     * A connection as the lab's own account, which may create databases (a scratch one for a schema) and
     * read every table: for the lab's checks and tests, never handed to a node.
     */
    public Connection connectAsLab() throws SQLException {
        return connect(DATABASE, LAB_USER, labPassword);
    }

    /** Every table of {@code database} with its columns, as information_schema says. */
    public Map<String, List<SchemaDiff.Column>> columns(String database) {
        try (Connection connection = connect("", LAB_USER, labPassword)) {
            return SchemaDiff.columns(connection, database);
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: cannot read " + database + "'s columns: "
                    + hide(e.getMessage()));
        }
    }

    /** A connection to database {@value #DATABASE} as the nodes' user: to see what the nodes stored. */
    public Connection connect() throws SQLException {
        return connect(DATABASE, USER, nodePassword);
    }

    /**
     * The lab's own account, for a test that hands it to a command it starts, in that command's environment
     * (never its arguments): the account {@link #connectAsLab} uses.
     */
    public NacosCredentials labAccount() {
        return new NacosCredentials(LAB_USER, labPassword.value());
    }

    /** For tests that look for them where they must not be: the passwords of this run. */
    List<String> passwords() {
        return List.of(nodePassword.value(), labPassword.value());
    }

    /** The one folder MariaDB may read and write files in ({@code secure_file_priv}). */
    Path filesDirectory() {
        return paths.files();
    }

    /** Stops MariaDB by its PID (SIGTERM: it flushes and exits; SIGKILL after the grace). */
    @Override
    public void close() {
        process.stop(ChildProcess.DEFAULT_GRACE);
        paths.removeSocketFolder();
    }

    /**
     * Makes database {@value #DATABASE}, the nodes' user (from each of {@code nodeHosts}) and the
     * lab's (from 127.0.0.1), and removes anonymous users: as MariaDB's root over the socket (by the
     * unix socket's word that this is the lab's OS user), the statements on the client's standard
     * input. Tried again while the server does not take the connection yet.
     */
    private void createAccounts(Path client, Account account, List<String> nodeHosts, Deadline deadline) {
        String sql = accountsSql(nodeHosts, nodePassword, labPassword);
        List<String> command = List.of(client.toString(), "--no-defaults", "--protocol=SOCKET",
                "--socket=" + paths.socket(), "--user=" + account.socketUser(), "--batch", "--silent");
        while (true) {
            ClientRun run = runClient(command, sql, directory);
            if (run.exitCode() == 0) {
                return;
            }
            String output = hide(run.output()).strip();
            boolean notYet = output.contains("ERROR 2002") || output.contains("Can't connect");
            if (!notYet || !process.isAlive() || deadline.hasPassed()) {
                String why = !process.isAlive() ? "exited with " + process.exitCode() + " before it answered"
                        : notYet ? "did not take a connection on " + paths.socket() + " " + deadline.describe()
                        : "did not take the lab's accounts (" + output + ")";
                process.kill();
                throw new LabException(LabException.FAILED, "storage: MariaDB on 127.0.0.1:" + port + " " + why,
                        process.output(), LogTail.lastLinesOf(process.output()));
            }
            deadline.awaitNextPoll(POLL);
        }
    }

    /**
     * The statements that make the accounts: the nodes' user with every privilege on
     * {@value #DATABASE} and nothing else, the lab's on it and on its scratch databases; no global
     * privilege (so no FILE), no GRANT OPTION, no anonymous user.
     */
    static String accountsSql(List<String> nodeHosts, Secret nodePassword, Secret labPassword) {
        List<String> sql = new ArrayList<>();
        sql.add("DELETE FROM mysql.global_priv WHERE User = '';");
        sql.add("FLUSH PRIVILEGES;");
        sql.add("CREATE DATABASE IF NOT EXISTS `" + DATABASE + "` DEFAULT CHARACTER SET utf8mb4;");
        for (String host : nodeHosts) {
            String account = "'" + USER + "'@'" + loopbackLiteral(host) + "'";
            sql.add("CREATE OR REPLACE USER " + account + " IDENTIFIED BY '" + nodePassword.value() + "';");
            sql.add("GRANT ALL PRIVILEGES ON `" + DATABASE + "`.* TO " + account + ";");
        }
        String lab = "'" + LAB_USER + "'@'" + LAB_HOST + "'";
        sql.add("CREATE OR REPLACE USER " + lab + " IDENTIFIED BY '" + labPassword.value() + "';");
        sql.add("GRANT ALL PRIVILEGES ON `" + DATABASE + "`.* TO " + lab + ";");
        sql.add("GRANT ALL PRIVILEGES ON `" + SCRATCH_PREFIX.replace("_", "\\_") + "%`.* TO " + lab + ";");
        return String.join("\n", sql) + "\n";
    }

    /** Where the nodes connect from: 127.0.0.1, and each node's own loopback address (the bind guard binds their connections there). */
    static List<String> nodeHosts(List<String> nodeAddresses) {
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(LAB_HOST);
        for (String address : nodeAddresses) {
            if (LabAddress.isIpv4(address) && LabAddress.isLoopback(address)) {
                hosts.add(address);
            }
        }
        return List.copyOf(hosts);
    }

    private static String loopbackLiteral(String host) {
        if (!LabAddress.isIpv4(host) || !LabAddress.isLoopback(host)) {
            throw new IllegalArgumentException(host + " is not a loopback IPv4 address");
        }
        return host;
    }

    /** {@code text} with this run's passwords replaced: for anything a server or client said. */
    private String hide(String text) {
        return text == null ? null
                : text.replace(nodePassword.value(), Secret.HIDDEN).replace(labPassword.value(), Secret.HIDDEN);
    }

    private record ClientRun(int exitCode, String output) {
    }

    /**
     * Runs the {@code mariadb} client with {@code input} on its standard input (not its command line,
     * which {@code ps} shows), its output read here (not into a file: an error may quote a statement).
     */
    private static ClientRun runClient(List<String> command, String input, Path workDir) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("MYSQL_") || name.startsWith("MARIADB_"));
        try {
            Process client = builder.start();
            CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = client.getInputStream()) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            try (OutputStream in = client.getOutputStream()) {
                in.write(input.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // it exited before it read everything: its output says why
            }
            if (!client.waitFor(CLIENT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                client.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new ClientRun(-1, "the mariadb client did not finish within " + CLIENT_TIMEOUT.toSeconds() + " s");
            }
            return new ClientRun(client.exitValue(), output.join());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        }
    }

    private void awaitReady(Deadline deadline) {
        String last = "no answer yet";
        while (true) {
            try (Connection connection = connect()) {
                if (connection.isValid(2)) {
                    return;
                }
            } catch (SQLException e) {
                last = hide(e.getMessage());
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
        try (Connection connection = connect(database, LAB_USER, labPassword)) {
            SchemaDiff.execute(connection, script);
        } catch (SQLException e) {
            throw new LabException(LabException.FAILED, "storage: Nacos " + version.version()
                    + "'s MySQL schema does not load into " + database + ": " + hide(e.getMessage()), process.output(),
                    List.of());
        }
    }

    private Connection connect(String database, String user, Secret password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/" + database
                + "?allowMultiQueries=true&useSSL=false&allowPublicKeyRetrieval=true&serverTimezone=UTC"
                + "&characterEncoding=utf8&connectTimeout=2000&socketTimeout=120000", user, password.value());
    }

    /** {@code mariadb-install-db}: the system tables in the data folder, written as the server's account. */
    private static void install(Path installDb, Path directory, ServerPaths paths, Account account) {
        Path log = directory.resolve("install.log");
        ChildProcess install = ChildProcess.start("mariadb-install-db", installCommand(installDb, paths, account),
                Map.of(), directory, log);
        if (!install.awaitExit(INSTALL_TIMEOUT) || install.exitCode() != 0) {
            install.kill();
            throw new LabException(LabException.FAILED, "storage: mariadb-install-db did not initialise "
                    + paths.data() + " (exit " + install.exitCode() + ")", log, LogTail.lastLinesOf(log));
        }
    }

    /**
     * Root authenticates by the unix socket only (as the OS user {@link Account#socketUser()}, the
     * lab's own), no test database and so no anonymous user; {@code --rpm} keeps it from handing the
     * system's PAM helper folder to the account, and from resolving host names.
     */
    static List<String> installCommand(Path installDb, ServerPaths paths, Account account) {
        List<String> command = new ArrayList<>(List.of(installDb.toString(), "--no-defaults", "--rpm",
                "--datadir=" + paths.data()));
        account.switchUser().ifPresent(user -> command.add("--user=" + user));
        command.addAll(List.of("--skip-test-db", "--auth-root-authentication-method=socket",
                "--auth-root-socket-user=" + account.socketUser()));
        return command;
    }

    /**
     * mariadbd on 127.0.0.1 only, networking on (Nacos connects over TCP), as {@code account}
     * (mariadbd leaves root for it once its port is bound), reading and writing files in
     * {@link ServerPaths#files()} only, small buffers: a test bed on a shared machine.
     */
    static List<String> serverCommand(Path mariadbd, ServerPaths paths, int port, Account account) {
        List<String> command = new ArrayList<>(List.of(mariadbd.toString(), "--no-defaults",
                "--datadir=" + paths.data(),
                "--socket=" + paths.socket(),
                "--pid-file=" + paths.run().resolve("mariadbd.pid"),
                "--tmpdir=" + paths.tmp(),
                "--secure-file-priv=" + paths.files(),
                "--port=" + port, "--bind-address=" + LAB_HOST, "--skip-name-resolve"));
        account.switchUser().ifPresent(user -> command.add("--user=" + user));
        command.addAll(List.of("--local-infile=0", "--skip-symbolic-links",
                "--innodb-buffer-pool-size=64M", "--performance-schema=OFF",
                "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci"));
        return command;
    }

    /** The socket file in {@code run}; empty when that path is too long for a socket. */
    static Optional<Path> socketIn(Path run) {
        Path socket = run.resolve("mariadb.sock").toAbsolutePath();
        return socket.toString().length() <= MAX_SOCKET_PATH ? Optional.of(socket) : Optional.empty();
    }

    private static Path binary(String name) {
        return BINARY_FOLDERS.stream().map(folder -> folder.resolve(name)).filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> LabException.invalidInput("target.local.storage mysql needs MariaDB's server and client, and '"
                        + name + "' is not installed (looked in " + BINARY_FOLDERS + "): apt-get install mariadb-server"));
    }

    @Override
    public String toString() {
        return "MariaDB (127.0.0.1:" + port + ", pid " + pid() + ", " + directory + ")";
    }

    /**
     * Whom mariadbd runs as.
     *
     * @param name     the account's name
     * @param uid      its user id
     * @param gid      its primary group id
     * @param switched the lab runs as root, and mariadbd switches to this account ({@code --user})
     */
    record Account(String name, int uid, int gid, boolean switched) {

        /** The lab's own account when it is not root; else the first of {@link LocalDatabase#SERVER_ACCOUNTS} that exists and is not root. */
        static Account forServer() {
            Optional<int[]> self = processIds();
            String own = System.getProperty("user.name");
            if (self.isPresent() ? self.get()[0] != 0 : !"root".equals(own)) {
                return new Account(own, self.map(ids -> ids[0]).orElse(-1), self.map(ids -> ids[1]).orElse(-1), false);
            }
            for (String candidate : SERVER_ACCOUNTS) {
                Optional<Account> account = fromPasswd(candidate);
                if (account.isPresent()) {
                    return account.get();
                }
            }
            throw LabException.invalidInput("target.local.storage mysql: the lab runs as root, and MariaDB must not; none of"
                    + " the accounts " + SERVER_ACCOUNTS + " exists to run it as (useradd --system upgrade-lab)");
        }

        /** {@code name}'s entry in /etc/passwd, unless it is missing or has root's uid. */
        static Optional<Account> fromPasswd(String name) {
            try (Stream<String> lines = Files.lines(Path.of("/etc/passwd"))) {
                return lines.map(line -> line.split(":", -1)).filter(f -> f.length >= 4 && f[0].equals(name))
                        .findFirst().filter(f -> !f[2].equals("0"))
                        .map(f -> new Account(name, Integer.parseInt(f[2]), Integer.parseInt(f[3]), true));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /** This process's effective user and group id, from /proc/self/status. */
        private static Optional<int[]> processIds() {
            try {
                int uid = -1;
                int gid = -1;
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    String[] f = line.split("\\s+");
                    if (f[0].equals("Uid:") && f.length > 2) {
                        uid = Integer.parseInt(f[2]);
                    } else if (f[0].equals("Gid:") && f.length > 2) {
                        gid = Integer.parseInt(f[2]);
                    }
                }
                return uid < 0 ? Optional.empty() : Optional.of(new int[] {uid, gid});
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /** The account mariadbd is told to switch to; empty when it runs as the lab's own, unprivileged account. */
        Optional<String> switchUser() {
            return switched ? Optional.of(name) : Optional.empty();
        }

        /** The OS user that logs in as MariaDB's root over the socket: the lab's own. */
        String socketUser() {
            return switched ? "root" : name;
        }
    }

    /**
     * The folders mariadbd writes to, owned by its account, mode 0700: its data, its temporary
     * files, the one folder it may read and write files in ({@code secure_file_priv}), and its socket
     * and PID file. They are in the database folder (which stays the lab's, with the logs) when the
     * account can reach it, else in a new folder under the temporary folder; the socket too when its
     * path would be too long.
     *
     * @param socketFolder the temporary folder that holds only the socket; null when it is in {@code run}
     */
    record ServerPaths(Path data, Path tmp, Path files, Path run, Path socket, Path socketFolder) {

        private static final String PRIVATE = "rwx------";

        static ServerPaths prepare(Path directory, int port, Account account) {
            try {
                Files.createDirectories(directory);
                if (account.switched()) {
                    Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
                Path base = directory;
                if (account.switched() && !reachable(directory, account)) {
                    base = passThroughFolder("upgrade-lab-mariadb-" + port + "-");
                }
                Path data = owned(base.resolve("data"), account);
                if (account.switched()) {
                    ownTree(data, account);
                }
                Path run = owned(base.resolve("run"), account);
                Optional<Path> inRun = socketIn(run);
                Path socketFolder = inRun.isPresent() ? null
                        : owned(Files.createTempDirectory("upgrade-lab-mariadb-" + port + "-"), account);
                Path socket = inRun.orElseGet(() -> socketFolder.resolve("mariadb.sock"));
                return new ServerPaths(data, owned(base.resolve("tmp"), account),
                        owned(base.resolve("mysql-files"), account), run, socket, socketFolder);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot prepare " + directory, e);
            }
        }

        /** Removes the temporary socket folder, if there is one, once the server has gone. */
        void removeSocketFolder() {
            if (socketFolder != null) {
                try {
                    Files.deleteIfExists(socket);
                    Files.deleteIfExists(socketFolder);
                } catch (IOException e) {
                    // left in the temporary folder
                }
            }
        }

        /** {@code folder}, made if missing, owned by {@code account} (never through a symbolic link), mode 0700. */
        private static Path owned(Path folder, Account account) throws IOException {
            if (Files.isSymbolicLink(folder)) {
                throw new IOException(folder + " is a symbolic link");
            }
            Files.createDirectories(folder);
            if (account.switched()) {
                chown(folder, account);
            }
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString(PRIVATE));
            return folder;
        }

        /** A data folder left from an earlier start (perhaps as root): every file the account's, links not followed. */
        private static void ownTree(Path data, Account account) throws IOException {
            try (Stream<Path> files = Files.walk(data)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    chown(file, account);
                }
            }
        }

        private static void chown(Path path, Account account) throws IOException {
            Files.setAttribute(path, "unix:uid", account.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(path, "unix:gid", account.gid(), LinkOption.NOFOLLOW_LINKS);
        }

        /** A new folder under the temporary folder, root's, that others may pass through but not list. */
        private static Path passThroughFolder(String prefix) throws IOException {
            Path folder = Files.createTempDirectory(prefix);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx--x--x"));
            return folder;
        }

        /**
         * Whether {@code account} may pass through every folder down to {@code directory}: its owner's,
         * group's or others' execute bit, whichever applies (supplementary groups and ACLs not counted).
         */
        static boolean reachable(Path directory, Account account) {
            try {
                for (Path p = directory.toRealPath(); p != null; p = p.getParent()) {
                    int mode = (Integer) Files.getAttribute(p, "unix:mode");
                    int owner = (Integer) Files.getAttribute(p, "unix:uid");
                    int group = (Integer) Files.getAttribute(p, "unix:gid");
                    int bit = owner == account.uid() ? 0100 : group == account.gid() ? 0010 : 0001;
                    if ((mode & bit) == 0) {
                        return false;
                    }
                }
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
    }
}
