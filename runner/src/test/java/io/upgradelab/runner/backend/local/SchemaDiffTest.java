package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.backend.local.SchemaDiff.Column;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The schema upgrade a newer Nacos needs, from information_schema as MariaDB reports it. */
class SchemaDiffTest {

    private static final Column ID = new Column("id", "bigint(20)", false, null, "auto_increment", "id");
    private static final Column DATA_ID = new Column("data_id", "varchar(255)", false, null, "", "data_id");
    private static final Column TENANT = new Column("tenant_id", "varchar(128)", true, "''", "", "租户字段");
    private static final Column KEY = new Column("encrypted_data_key", "text", false, null, "", "密钥");

    @Test
    void the22ColumnIsAddedWithItsTypeNullabilityAndCommentAfterItsPredecessor() {
        StorageMigration diff = SchemaDiff.between("2.3.2", "nacos", Map.of("config_info", List.of(ID, DATA_ID, TENANT)),
                "scratch", Map.of("config_info", List.of(ID, DATA_ID, TENANT, KEY)));

        assertThat(diff.tablesAdded()).isEmpty();
        assertThat(diff.columnsAdded()).containsExactly("config_info.encrypted_data_key");
        assertThat(diff.statements()).containsExactly("ALTER TABLE `nacos`.`config_info` ADD COLUMN"
                + " `encrypted_data_key` text NOT NULL COMMENT '密钥' AFTER `tenant_id`");
    }

    @Test
    void aMissingTableIsCreatedLikeTheScratchOneAndItsColumnsAreNotListedAgain() {
        Map<String, List<Column>> wanted = new LinkedHashMap<>();
        wanted.put("config_info", List.of(ID, DATA_ID));
        wanted.put("config_info_gray", List.of(ID, DATA_ID, KEY));

        StorageMigration diff = SchemaDiff.between("2.3.2", "nacos", Map.of("config_info", List.of(ID, DATA_ID)), "scratch", wanted);

        assertThat(diff.tablesAdded()).containsExactly("config_info_gray");
        assertThat(diff.columnsAdded()).isEmpty();
        assertThat(diff.statements()).containsExactly("CREATE TABLE `nacos`.`config_info_gray` LIKE `scratch`.`config_info_gray`");
        assertThat(diff.describe()).isEqualTo("storage: schema upgraded for Nacos 2.3.2: tables added [config_info_gray]");
        assertThat(diff.asSkipped().describe()).isEqualTo("storage: schema upgrade skipped (target.local.schemaUpgrade:"
                + " false): the database lacks, for Nacos 2.3.2, tables [config_info_gray]");
    }

    @Test
    void nothingIsDoneWhenTheLiveSchemaHasEverythingAndExtraOrChangedColumnsAreLeftAlone() {
        Column widerGroup = new Column("data_id", "varchar(512)", true, "NULL", "", "");
        StorageMigration diff = SchemaDiff.between("2.3.2", "nacos", Map.of("config_info", List.of(ID, DATA_ID, TENANT, KEY),
                "legacy", List.of(ID)), "scratch", Map.of("config_info", List.of(ID, widerGroup)));

        assertThat(diff.statements().isEmpty()).isTrue();
        assertThat(diff.columnsAdded()).isEmpty();
    }

    @Test
    void columnNamesCompareAsMariaDbDoesWithoutCase() {
        Column upper = new Column("ENCRYPTED_DATA_KEY", "text", false, null, "", "");

        assertThat(SchemaDiff.between("2.3.2", "nacos", Map.of("t", List.of(ID, upper)), "s", Map.of("t", List.of(ID, KEY)))
                .statements().isEmpty()).isTrue();
    }

    @Test
    void defaultsOnUpdateAndQuotesAreWrittenAsTheServerReadsThem() {
        assertThat(SchemaDiff.definition(new Column("gmt_modified", "datetime", false, "current_timestamp()",
                "on update current_timestamp()", "it's \\ modified")))
                .isEqualTo("`gmt_modified` datetime NOT NULL DEFAULT current_timestamp()"
                        + " on update current_timestamp() COMMENT 'it''s \\\\ modified'");
        assertThat(SchemaDiff.definition(TENANT)).isEqualTo("`tenant_id` varchar(128) NULL DEFAULT '' COMMENT '租户字段'");
        assertThat(SchemaDiff.definition(new Column("c", "text", true, "NULL", "", "")))
                .isEqualTo("`c` text NULL");
        assertThat(SchemaDiff.definition(new Column("a`b", "int(11)", false, "0", "auto_increment", null)))
                .isEqualTo("`a``b` int(11) NOT NULL DEFAULT 0");
    }
}
