package io.upgradelab.runner.observe.signs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log signs against lines as Nacos writes them: the logback pattern {@code %date %level %msg}
 * around the texts of its source (1.4.1, 2.0.4, 2.2.3, 2.3.2), and lines a healthy upgrade writes too.
 */
class SignsTest {

    /** Seen in naming-server.log of a real run here (2026-11-23, DistroFilter, 1.4.1 and 2.0.4 alike). */
    private static final String INVALID_REDIRECT = "2026-11-23 20:24:24,312 ERROR receive invalid redirect request from peer 127.0.0.1";
    /** UpgradeJudgement.checkAndDowngrade, 2.0.4: {@code Loggers.SRV_LOG.info("Downgrade to 1.X")}. */
    private static final String DOWNGRADE = "2026-11-23 20:31:02,118 INFO Downgrade to 1.X";
    /** NacosStateMachine.onApply, 2.0.4: "processor : {}, stateMachine meet critical error: {}." with #7757's exception. */
    private static final String CRITICAL = "2026-11-23 20:31:02,118 ERROR processor : com.alibaba.nacos.naming.consistency"
            + ".persistent.impl.PersistentServiceProcessor@5b1f0f26, stateMachine meet critical error: {}.";
    private static final String NO_ENUM = "java.lang.IllegalArgumentException: No enum constant"
            + " com.alibaba.nacos.naming.consistency.persistent.impl.BasePersistentServiceProcessor.Op.";
    /** JRaft 1.3.8 (2.0.4's), NodeImpl.onError: "Node {} got error: {}." with RaftException's and Status's toString. */
    private static final String JRAFT = "2026-11-23 20:31:02,120 WARN Node <naming_persistent_service_v2/127.0.0.1:7848>"
            + " got error: Error [type=ERROR_TYPE_STATE_MACHINE, status=Status[ESTATEMACHINE<10002>: StateMachine meet"
            + " critical error: java.lang.IllegalArgumentException: No enum constant ...Op..]].";
    /** JRaft 1.3.8, StateMachineAdapter.onError, which NacosStateMachine.onError calls first. */
    private static final String ADAPTER = "2026-11-23 20:31:02,121 ERROR Encountered an error=Status[ESTATEMACHINE<10002>:"
            + " StateMachine meet critical error: java.lang.IllegalArgumentException: No enum constant ...Op..] on"
            + " StateMachine com.alibaba.nacos.core.distributed.raft.NacosStateMachine, it's highly recommended to"
            + " implement this method as raft stops working since some error occurs, you should figure out the cause and"
            + " repair or remove this node.";

    /** ConfigMigrateService.namespaceMigratePreCheck, 3.1.0: each try's count, then the exception at the end. */
    private static final String CONFLICT = "2026-11-29 08:10:02,118 ERROR [migrate] config_info conflict count=3";
    private static final String PRE_CHECK = "Caused by: java.lang.Exception: [migrate] config_info namespace migrate"
            + " pre check failed";
    /** Its retries, which a healthy first start of a fresh 3-node cluster logs too (seen here, 2026-11-29). */
    private static final String RETRY = "2026-11-29 04:11:53,497 ERROR [migrate] namespace migrate pre check failed,"
            + " retry times=0, error=No DataSource set";
    /** MySQL's words in the exception of #9161 (2.0.3 to 2.1.1) and #13654 (2.3 to 3.0). */
    private static final String COLUMN = "PreparedStatementCallback; bad SQL grammar [SELECT id,data_id,encrypted_data_key"
            + " FROM config_info]; nested exception is java.sql.SQLSyntaxErrorException: Unknown column"
            + " 'encrypted_data_key' in 'field list'";
    private static final String TABLE = "java.sql.SQLSyntaxErrorException: Table 'nacos.config_info_gray' doesn't exist";
    /** RocksDB's status, as #14699 quotes it from JRaft's log storage. */
    private static final String COMPACTION = "2026-11-29 08:10:02,118 ERROR Fail to sync log: Corruption: Compaction"
            + " number of input keys does not match number of keys processed.";

    /**
     * nacos-client 2.5.1's redo of a registration a 3.1.0 node refused, its client auth on and the client
     * without a user: the second line of the error, as the fleet's console log holds it (seen here,
     * 2026-11-29, nacos-2.3-to-3.1-client-auth-ci).
     */
    private static final String REFUSED = "ErrCode:403, ErrMsg:Code: 401, Message: User not found! Please check user"
            + " exist or password is right!.";
    private static final String REDO = "133987 [io.upgradelab.shaded.nacos_2_5_1.com.alibaba.nacos.client.naming.grpc"
            + ".redo.0] ERROR io.upgradelab.shaded.nacos_2_5_1.com.alibaba.nacos.client.naming - Redo instance operation"
            + " REGISTER for DEFAULT_GROUP@@providers:org.upgradelab.demo.LoadService017:: failed. ";
    /** 3.1.0's ApiCompatibilityFilter answer to a v1 call with the client switch off, as a 1.x client quotes it. */
    private static final String GONE = "[NA] failed to request, code: 410, msg: {\"code\":410,\"message\":\"Current API"
            + " will be deprecated, please use API(s) `/nacos/v3/client/ns/instance` instead\"}";

    /** The policy check (reports) knows the signs by the journal's list: it must be this one. */
    @Test
    void theJournalNamesExactlyTheSignsTheLabWatches() {
        assertThat(io.upgradelab.journal.FailureSignWarning.SIGNS).containsExactlyInAnyOrderElementsOf(Signs.names());
    }

    @Test
    void eachLogSignMatchesTheLineNacosWritesForIt() {
        assertThat(sign("naming-server.log", INVALID_REDIRECT)).contains("invalidRedirect");
        assertThat(sign("naming-server.log", DOWNGRADE)).contains("downgradeTo1x");
        assertThat(sign("protocol-raft.log", CRITICAL)).contains("raftStateMachine");
        assertThat(sign("protocol-raft.log", NO_ENUM)).contains("raftStateMachine");
        assertThat(sign("alipay-jraft.log", JRAFT)).contains("raftStateMachine");
        assertThat(sign("alipay-jraft.log", ADAPTER)).contains("raftStateMachine");
        assertThat(sign("nacos.log", CONFLICT)).contains("namespacePreCheckFailed");
        assertThat(sign("nacos.log", PRE_CHECK)).contains("namespacePreCheckFailed");
        assertThat(sign("nacos.log", COLUMN)).contains("schemaBehindServer");
        assertThat(sign("nacos.log", TABLE)).contains("schemaBehindServer");
        // 3.1.0 on a 2.3.2 schema: its namespace pre-check's stack trace, seen here (server-paths/schema-skipped-3.1)
        assertThat(sign("config-server.log", "Caused by: " + TABLE)).contains("schemaBehindServer");
        assertThat(sign("alipay-jraft.log", COMPACTION)).contains("rocksDbCompaction");
        assertThat(sign("protocol-raft.log", COMPACTION)).contains("rocksDbCompaction");
    }

    @Test
    void aClientRefusedForItsCredentialsOrItsVersionIsASignInTheFleetsLog() {
        assertThat(clientSign(REFUSED)).contains("clientRefused");
        assertThat(clientSign(GONE)).contains("clientRefused");
        assertThat(clientSign(REDO)).as("the error's first line names no refusal").isEmpty();
        assertThat(clientSign("45 [fleet-operation] WARN ...NacosLogging - Build Nacos Logging Adapter failed: ch/qos/"
                + "logback/core/Context")).isEmpty();
        assertThat(sign("nacos.log", REFUSED)).as("a node's log is not a client's").isEmpty();
    }

    /** The fleet's log, wherever the fleet keeps it, is followed under the name its signs give it. */
    @Test
    void theFleetsLogIsFollowedForTheClientSigns(@TempDir Path dir) throws Exception {
        Path log = Files.writeString(dir.resolve("fleet-output.log"), REDO + "\n" + REFUSED + "\n");
        NodeLogs fleet = new NodeLogs(io.upgradelab.journal.FailureSignWarning.CLIENTS, Signs.FLEET_LOG, log);

        assertThat(fleet.newSigns(Signs.IN_CLIENT_LOGS)).extracting(s -> s.sign().sign(), NodeLogs.Seen::line)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("clientRefused", REFUSED));
        assertThat(fleet.newSigns(Signs.IN_LOGS)).as("no node sign is read in a client's log").isEmpty();
    }

    @Test
    void aHealthyUpgradesLinesAreNoSign() {
        for (String line : List.of(
                "2026-11-23 20:25:47,903 INFO upgrade check result false",   // every 5 s until the switch
                "2026-11-23 20:26:12,004 INFO Upgrade to 2.0.X",
                RETRY,
                "2026-11-29 04:11:59,497 INFO [migrate] finish migrate config namespacetotal time taken: 5888 ms",
                "2026-11-22 04:37:12,532 ERROR [onSync] receive empty entity!",   // 1.4.1 at start-up
                "2026-11-23 20:24:24,301 INFO Client change for service Service{namespace='public', group='DEFAULT_GROUP',"
                        + " name='providers:org.upgradelab.demo.LoadService017::', ephemeral=true, revision=0}, 127.0.0.1:30017#true",
                "2026-11-23 20:24:24,312 INFO [AUTO-DELETE-IP] service: DEFAULT_GROUP@@providers:org.upgradelab.demo"
                        + ".LoadService003::, ip: {\"instanceId\":\"127.0.0.1#30003#DEFAULT#DEFAULT_GROUP@@x\"}")) {
            for (String file : Signs.logFiles()) {
                assertThat(sign(file, line)).as("%s in %s", line, file).isEmpty();
            }
        }
    }

    @Test
    void aSignIsMatchedOnlyInTheFileNacosWritesItTo() {
        assertThat(sign("naming-distro.log", INVALID_REDIRECT)).isEmpty();
        assertThat(sign("naming-server.log", NO_ENUM)).isEmpty();
    }

    @Test
    void everySignHasAnIssueAndAName() {
        assertThat(Signs.names()).doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z][A-Za-z0-9]*"));
        assertThat(Signs.IN_LOGS).allMatch(s -> s.issue().startsWith("alibaba/nacos #"));
        assertThat(Signs.IN_CLIENT_LOGS).allMatch(s -> s.issue().startsWith("Nacos 3."));
        assertThat(Signs.IN_STATE).allMatch(s -> s.issue().startsWith("alibaba/nacos #") && !s.bound().isNegative());
    }

    /** The guide's table of failure signs (docs/guide/experiments.md, "Observers and flapping"). */
    @Test
    void theGuideListsEverySign() throws Exception {
        String guide = Files.readString(Path.of(System.getProperty("basedir", ".")).resolve("../docs/guide/experiments.md")
                .normalize());
        assertThat(Signs.names()).allSatisfy(name -> assertThat(guide).contains("| `" + name + "` |"));
    }

    private static Optional<String> clientSign(String line) {
        return Signs.IN_CLIENT_LOGS.stream().filter(s -> s.matches(line)).map(LogSign::sign).findFirst();
    }

    private static Optional<String> sign(String file, String line) {
        return Signs.IN_LOGS.stream().filter(s -> s.file().equals(file) && s.matches(line)).map(LogSign::sign)
                .findFirst();
    }
}
