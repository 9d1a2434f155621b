package io.upgradelab.runner.cli;

import io.upgradelab.journal.Preflight;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.DatabaseAccess;
import io.upgradelab.runner.backend.external.CredentialsReader;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosAuth;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.calibrate.CalibrationFile;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import io.upgradelab.runner.preflight.ClusterReader;
import io.upgradelab.runner.preflight.Frontier;
import io.upgradelab.runner.preflight.PreflightSources;
import io.upgradelab.runner.preflight.PreflightText;
import io.upgradelab.runner.preflight.Preflights;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.upgradelab.demo.LabAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab preflight}: what a live cluster, with its data and its clients, would trip on in an
 * upgrade, before anyone stops a node; because the lab's own runs load clusters with the lab's data, and a
 * team's cluster holds what theirs do not (duplicate namespaces, an old schema, 1.x clients).
 */
@Command(name = "preflight", sortOptions = false,
        description = {"Check a running cluster for what an upgrade to --to would trip on: each finding ok, at risk or"
                + " blocked, with the Nacos issue or manual section behind it.",
                "Reads the nodes' APIs (versions, readiness, raft leaders, instances, connected clients), their access"
                        + " logs (client versions and credentials) and properties where given, the config database where"
                        + " given (configs under both '' and 'public', the schema against --to's own), and a calibration"
                        + " (room for the 1.x to 2.0 double write). Reads only: a schema is compared in a scratch"
                        + " database, dropped after. What it could not read is at risk, never ok.",
                "Credentials come from the environment, never arguments: NACOS_USERNAME and NACOS_PASSWORD for a"
                        + " cluster with auth on, NACOS_DB_USERNAME and NACOS_DB_PASSWORD for --database.",
                "An experiment runs the same checks as a phase: {kind: preflight, to: VERSION}."},
        footer = {"", "Examples:",
                "  upgrade-lab preflight --to 2.3.2 --nodes 127.0.0.1:8848,127.0.0.1:8858,127.0.0.1:8868",
                "  upgrade-lab preflight --to 3.1.0 --nodes 127.0.0.1:8848 --logs runs/cluster-x/node-1/logs \\",
                "      --database jdbc:mysql://127.0.0.1:3306/nacos --output json",
                "  upgrade-lab preflight --to 2.0.4 --nodes 127.0.0.1:8848 --calibration runs/calibrations/calibration-4e47616e18.json",
                "", "Exit codes: 0 every finding ok, 1 a finding at risk or blocked, 2 invalid input."})
final class PreflightCommand implements Callable<Integer>, OutputOption.JsonCommand {

    static final String DB_USERNAME = "NACOS_DB_USERNAME";
    static final String DB_PASSWORD = "NACOS_DB_PASSWORD";

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--to", required = true, paramLabel = "VERSION",
            description = "The version the cluster would be upgraded to, e.g. 2.3.2 or 3.2.4 (need not be built here;"
                    + " the schema check needs it: 'upgrade-lab versions').")
    String to;

    @Option(names = "--nodes", paramLabel = "HOST:PORT", split = ",", defaultValue = "127.0.0.1:8848",
            description = "Each node's HTTP address, node 1 first (default: ${DEFAULT-VALUE}). On loopback unless"
                    + " --allow-remote.")
    List<String> nodes = new ArrayList<>();

    @Option(names = "--logs", paramLabel = "DIR", split = ",",
            description = "The nodes' log folders, in node order (their access_log.* files: client versions and"
                    + " credentials, and 1.x clients a 1.x or 2.0 node does not list).")
    List<Path> logs = new ArrayList<>();

    @Option(names = "--properties", paramLabel = "FILE", split = ",",
            description = "The nodes' conf/application.properties, in node order (properties 3.x renamed).")
    List<Path> properties = new ArrayList<>();

    @Option(names = "--database", paramLabel = "JDBC_URL",
            description = "The cluster's MySQL config database, e.g. jdbc:mysql://127.0.0.1:3306/nacos; the account in"
                    + " NACOS_DB_USERNAME and NACOS_DB_PASSWORD (never in the URL) reads it and may create a scratch"
                    + " database for the schema check.")
    String database;

    @Option(names = "--calibration", paramLabel = "FILE",
            description = "A calibration 'upgrade-lab calibrate' saved: the frontier the double write is judged against.")
    Path calibration;

    @Option(names = "--allow-remote",
            description = "Let --nodes and --database name addresses off loopback (127.0.0.0/8).")
    boolean allowRemote;

    @Mixin
    OutputOption output;

    @Override
    public Class<Preflight> jsonType() {
        return Preflight.class;
    }

    @Override
    public Integer call() {
        Map<String, String> environment = System.getenv();
        Optional<NacosCredentials> credentials = CredentialsReader.fromEnvironmentIfSet("NACOS_USERNAME",
                "NACOS_PASSWORD", environment);
        List<PreflightSources.NodeSource> sources = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            String address = checkedAddress("--nodes", nodes.get(i));
            sources.add(new PreflightSources.NodeSource(i + 1, address,
                    NacosApi.discover(address, NacosAuth.of(credentials)), nth("--logs", logs, i),
                    nth("--properties", properties, i), Optional.empty()));
        }
        Optional<DatabaseAccess> db = Optional.ofNullable(database).map(url -> databaseAccess(url, environment));
        Preflight preflight = Preflights.judge(ClusterReader.read(new PreflightSources(to, sources, db,
                "no config database given (--database); embedded storage keeps configs inside the nodes",
                PreflightSources.target(to, Optional.empty()),
                frontiers())));
        if (output.json()) {
            OutputOption.print(spec, preflight);
        } else {
            spec.commandLine().getOut().print(PreflightText.render(preflight));
            spec.commandLine().getOut().flush();
        }
        return preflight.worst() == Preflight.Level.ok ? 0 : 1;
    }

    /** The frontiers of {@code --calibration}; without it, that it was not given. */
    private Read<List<Frontier>> frontiers() {
        return calibration == null
                ? Read.unavailable("no calibration given (--calibration; 'upgrade-lab calibrate' measures one)")
                : Read.of(CalibrationFile.read(calibration).frontiers());
    }

    private String checkedAddress(String option, String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
        if (colon < 0 || !hostPort.substring(colon + 1).matches("\\d{1,5}")) {
            throw LabException.invalidInput(option + " " + hostPort + ": expected HOST:PORT, e.g. 127.0.0.1:8848");
        }
        if (!allowRemote && !(LabAddress.isIpv4(host) && LabAddress.isLoopback(host)) && !host.equals("localhost")) {
            throw LabException.invalidInput(option + " " + hostPort + ": not on loopback (127.0.0.0/8); add"
                    + " --allow-remote to check a cluster elsewhere");
        }
        return hostPort;
    }

    private static Optional<Path> nth(String option, List<Path> paths, int i) {
        return i < paths.size() ? Optional.of(paths.get(i).toAbsolutePath()) : Optional.empty();
    }

    private DatabaseAccess databaseAccess(String url, Map<String, String> environment) {
        if (!url.startsWith("jdbc:mysql://")) {
            throw LabException.invalidInput("--database " + url + ": expected jdbc:mysql://HOST:PORT/DATABASE");
        }
        if (url.toLowerCase(java.util.Locale.ROOT).contains("password")) {
            throw LabException.invalidInput("--database: a password belongs in " + DB_PASSWORD + ", never in an"
                    + " argument (other users see a process's arguments)");
        }
        String rest = url.substring("jdbc:mysql://".length());
        int slash = rest.indexOf('/');
        if (slash < 0 || slash == rest.length() - 1) {
            throw LabException.invalidInput("--database " + url + ": name the database, e.g. jdbc:mysql://127.0.0.1:3306/nacos");
        }
        checkedAddress("--database", rest.substring(0, slash));
        String name = rest.substring(slash + 1).split("[?;]")[0];
        NacosCredentials account = CredentialsReader.fromEnvironmentIfSet(DB_USERNAME, DB_PASSWORD, environment)
                .orElseThrow(() -> LabException.invalidInput("--database needs its account in " + DB_USERNAME + " and "
                        + DB_PASSWORD));
        String full = url + (url.contains("?") ? "&" : "?") + "allowMultiQueries=true&connectTimeout=5000&socketTimeout=120000";
        return new DatabaseAccess(name + " at " + rest.substring(0, slash), name,
                () -> DriverManager.getConnection(full, account.username(), account.password()));
    }
}
