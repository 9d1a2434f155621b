package io.upgradelab.runner.observe.signs;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The known failure signs of a Nacos upgrade, in one table: each sign's name, the alibaba/nacos
 * issues that report it, and what shows it: a text Nacos writes into a node's log, or a state of the
 * cluster that lasts longer than a bound. The log texts are Nacos's own, as its source writes them at
 * the tags 1.4.1, 2.0.4, 2.2.3, 2.3.2 and 3.1.0 (the class that logs each is named beside it), or the
 * words of the database or store it quotes; a sign added here is watched, journalled, reported and
 * gated with nothing else to change.
 */
final class Signs {

    private static final String NAMING = "naming-server.log";
    private static final String NACOS = "nacos.log";
    /** The fleet's console log ({@code Fleet.log()}), as its client signs name it. */
    static final String FLEET_LOG = "fleet/console.log";
    private static final List<String> ROCKSDB_COMPACTION = List.of("Compaction number of input keys does not match");
    private static final List<String> SCHEMA_BEHIND = List.of("Unknown column '", "' doesn't exist");
    /**
     * NacosException's 403 (NO_RIGHT) as nacos-client 2.x and 3.x print it, the server's reason on the same line
     * ("ErrCode:403, ErrMsg:Code: 401, Message: User not found! ...", seen here from 2.5.1 against 3.1.0); 1.x's
     * HTTP client quotes the body of the refusal; 3.0 and 3.1 answer a v1 call with their switches off so.
     */
    private static final List<String> CLIENT_REFUSED = List.of("ErrCode:403", "User not found!", "user not found!",
            "token invalid!", "token expired!", "Current API will be deprecated");

    /** Signs in a node's log. A sign may show in more than one file: one row per file. */
    static final List<LogSign> IN_LOGS = List.of(
            // DistroFilter (1.4.1 to 2.3.2): a peer forwarded a write to a node not responsible for it
            new LogSign("invalidRedirect", "alibaba/nacos #12070", NAMING,
                    List.of("receive invalid redirect request from peer")),
            // UpgradeJudgement.checkAndDowngrade (2.0.x): a node left 2.x mode for 1.x
            new LogSign("downgradeTo1x", "alibaba/nacos #5775", NAMING, List.of("Downgrade to 1.X")),
            // NacosStateMachine.onApply (2.x): "processor : {}, stateMachine meet critical error: {}."; the
            // exception of #7757 is "No enum constant ...BasePersistentServiceProcessor.Op."
            new LogSign("raftStateMachine", "alibaba/nacos #7757", "protocol-raft.log",
                    List.of("stateMachine meet critical error", "No enum constant")),
            // JRaft 1.3.8's own account of it, the group stopped: NodeImpl "Node {} got error: {}." with
            // "Error [type=ERROR_TYPE_STATE_MACHINE, ...", StateMachineAdapter "Encountered an error={} ..."
            new LogSign("raftStateMachine", "alibaba/nacos #7757", "alipay-jraft.log",
                    List.of("StateMachine meet critical error", "ERROR_TYPE_STATE_MACHINE")),
            // ConfigMigrateService.namespaceMigratePreCheck (3.x): a config under both '' and 'public' with other
            // content ("[migrate] config_info conflict count=" each try), or the check's query failing throughout
            // (a table missing), then "[migrate] config_info namespace migrate pre check failed" and no start. The
            // retries' own "namespace migrate pre check failed, retry times=" come on a healthy first start too.
            new LogSign("namespacePreCheckFailed", "alibaba/nacos #13488, #14081, #15870", NACOS,
                    List.of("config_info namespace migrate pre check failed",
                            "config_gray namespace migrate pre check failed", "[migrate] config_info conflict count=",
                            "[migrate] config_info_gray conflict count=")),
            // MySQL's words for a schema older than the server (2.1's encrypted_data_key, 3.0's config_info_gray),
            // quoted in the failing statement's exception: in nacos.log, and in config-server.log's stack traces
            // (3.1.0's namespace pre-check on a 2.x schema: "Table 'nacos.config_info_gray' doesn't exist")
            new LogSign("schemaBehindServer", "alibaba/nacos #13654, #9161", NACOS, SCHEMA_BEHIND),
            new LogSign("schemaBehindServer", "alibaba/nacos #13654, #9161", "config-server.log", SCHEMA_BEHIND),
            // RocksDB's, quoted by JRaft's log storage when a re-election compacts a corrupted log
            new LogSign("rocksDbCompaction", "alibaba/nacos #14699", "alipay-jraft.log", ROCKSDB_COMPACTION),
            new LogSign("rocksDbCompaction", "alibaba/nacos #14699", "protocol-raft.log", ROCKSDB_COMPACTION));

    /**
     * Signs in the log of a client of the lab's (the fleet's console log, where its Nacos clients write
     * their warnings and errors): a server refuses a client without logging it at its default levels.
     */
    static final List<LogSign> IN_CLIENT_LOGS = List.of(
            // a node that checks its clients (nacos.core.auth.enabled; 3.3's default) refusing one without a
            // user or token: NacosException 403 from the request, in the clients' redo and register errors
            // (AbstractWebAuthFilter / RemoteRequestAuthFilter's messages, nacos-plugin-default-impl's
            // AuthResult); a 3.0 or 3.1 node with its compatibility switches off refusing a 1.x client's v1 call
            // (ApiCompatibilityFilter, HTTP 410)
            new LogSign("clientRefused", "Nacos 3.3: client API auth on by default; 3.2: v1/v2 APIs removed",
                    FLEET_LOG, CLIENT_REFUSED));

    /** Signs in the cluster's state, each held longer than its bound. */
    static final List<StateSign> IN_STATE = List.of(
            new StateSign("readyToUpgradeDisagrees", "alibaba/nacos #5638, #10293", Duration.ofMinutes(2),
                    ReadyToUpgradeDisagrees::new),
            new StateSign("upgradedAlone", "alibaba/nacos #9320", Duration.ofMinutes(1), UpgradedAlone::new),
            new StateSign("upgradedLost", "alibaba/nacos #5775", Duration.ZERO, UpgradedLost::new),
            new StateSign("doubleWriteBackOn", "alibaba/nacos #8970", Duration.ZERO, DoubleWriteBackOn::new),
            new StateSign("v1ServicesMissingInV2", "alibaba/nacos #9815, #11420", Duration.ofMinutes(2),
                    V1ServicesMissingInV2::new),
            new StateSign("oneXBesideTwoTwo", "alibaba/nacos #9815, #11420", Duration.ZERO, OneXBesideTwoTwo::new),
            new StateSign("grpcPortClosed", "alibaba/nacos #6207, #8250", Duration.ofSeconds(10), GrpcPortClosed::new),
            new StateSign("notReady", "alibaba/nacos #13976, #12504", Duration.ofMinutes(1), NotReady::new));

    private Signs() {
    }

    /** The names of the signs in logs, each once, in table order. */
    static List<String> logSignNames() {
        return IN_LOGS.stream().map(LogSign::sign).distinct().toList();
    }

    /** The log files any sign is in, each once. */
    static List<String> logFiles() {
        return IN_LOGS.stream().map(LogSign::file).distinct().toList();
    }

    /** The names of the signs in the clients' logs, each once, in table order. */
    static List<String> clientLogSignNames() {
        return IN_CLIENT_LOGS.stream().map(LogSign::sign).distinct().toList();
    }

    /** Every sign's name, in table order: nodes' logs first, then the clients', then states. */
    static List<String> names() {
        return Stream.of(logSignNames().stream(), clientLogSignNames().stream(), IN_STATE.stream().map(StateSign::sign))
                .flatMap(s -> s).toList();
    }
}
