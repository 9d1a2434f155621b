package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.journal.StorageMigration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the shared database lacks against the target's own schema (its script loaded into a scratch
 * database and compared column by column, {@link io.upgradelab.runner.backend.local.SchemaDiff}): a node
 * of the target version on an older schema fails to start or to write configs (2.3 to 3.0.1 without the
 * migration, alibaba/nacos #13654; 2.2's {@code encrypted_data_key}).
 */
final class SchemaBehind implements PreflightCheck {

    @Override
    public String name() {
        return "schema";
    }

    @Override
    public int order() {
        return 40;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        if (facts.schemaGap().value().isEmpty()) {
            return notChecked(facts.schemaGap(), List.of("alibaba/nacos#13654"));
        }
        StorageMigration gap = facts.schemaGap().value().get();
        if (gap.tablesAdded().isEmpty() && gap.columnsAdded().isEmpty()) {
            return List.of(Finding.ok(name(), "the database has every table and column of " + facts.to() + "'s schema"));
        }
        List<String> missing = new ArrayList<>(gap.tablesAdded().stream().map(t -> "table " + t).toList());
        gap.columnsAdded().forEach(c -> missing.add("column " + c));
        return List.of(new Finding(name(), Level.blocked, "the database lacks " + String.join(", ", missing) + " of "
                + facts.to() + "'s schema; before the first " + facts.to() + " node starts, run: "
                + String.join("; ", gap.statements()), List.of("alibaba/nacos#13654", "Nacos upgrade manual: schema")));
    }
}
