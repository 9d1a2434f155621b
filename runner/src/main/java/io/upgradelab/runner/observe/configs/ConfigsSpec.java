package io.upgradelab.runner.observe.configs;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * The experiment's {@code configs} section: Nacos as the config store. Upgrades have lost configs
 * (alibaba/nacos #9681), so a run can publish a set of its own, change some while it runs, keep a
 * listener on each in a client of each version the run uses (and at least a 1.x and a 2.x), and check
 * every node and listener all along; the gate's {@code configIntact} judges it. Absent, none of it happens.
 *
 * @param count       configs published before the first phase
 * @param sizeBytes   each one's content, in bytes
 * @param changeEvery how often some of them change
 * @param changed     how many change each time, in turn
 * @param settle      how long a change, a restarted node or a new listener is given before it is checked
 * @param alsoInPublic how many of them an application configured with namespace {@code public} also
 *                    writes there, with other content: on a 2.x server these are other configs than
 *                    those of {@code ''}, and 3.x's first start refuses to merge them (alibaba/nacos #13488)
 */
@JsonClassDescription("Nacos as the config store: before the first phase the lab publishes 'count' configs of"
        + " 'sizeBytes' each (group UPGRADE_LAB_CONFIGS), keeps a listener on every one in a nacos-client of each"
        + " version the fleet and probe run, before and after their upgrades (1.4.1 or 2.0.4 added when no 1.x or no"
        + " 2.x is among them): the 1.x ones once the configs have settled, the 2.x ones once every node also serves"
        + " 2.x. It changes 'changed' of them, in turn, every 'changeEvery' throughout the run. Every observation"
        + " checks every node (each config there, its content and MD5 as published) and every listener (the last"
        + " content it saw is the last published); the gate's configIntact criterion judges those checks. Absent: no"
        + " configs.")
public record ConfigsSpec(
        @SchemaRef("configCount")
        @JsonPropertyDescription("How many configs to publish, 1 to 1000. Default 50.")
        int count,
        @SchemaRef("configBytes")
        @JsonPropertyDescription("Each config's size in bytes (ASCII text), 64 to 102400. Default 1024.")
        int sizeBytes,
        @JsonPropertyDescription("How often some configs change, at least 1s. Default 30s.")
        Duration changeEvery,
        @SchemaRef("configChanges")
        @JsonPropertyDescription("How many configs change each time (the next ones in turn), 0 to 1000 and at most"
                + " count. Default 5, or count when fewer.")
        Integer changed,
        @JsonPropertyDescription("How long a change, a node up again and a listener just started are given before"
                + " they are checked (a change takes this long at most to reach every node and listener), at least"
                + " 1s. Default 10s.")
        Duration settle,
        @SchemaRef("configsInPublic")
        @JsonPropertyDescription("How many of the configs (the first ones) a nacos-client 2.x configured with"
                + " namespace 'public' also publishes there before the first phase, with other content, as an"
                + " application configured so does on a 2.x server: there they are other configs than those of"
                + " namespace '' (the lab's), and a 3.x node's first start refuses to merge the two (its namespace"
                + " pre-check, alibaba/nacos #13488). The lab neither checks nor changes them, and deletes them at"
                + " the end. Needs a 2.x server at the start. 0 to count. Default 0.")
        int alsoInPublic) {

    public ConfigsSpec {
        count = count == 0 ? 50 : count;
        sizeBytes = sizeBytes == 0 ? 1024 : sizeBytes;
        changeEvery = changeEvery == null ? Duration.ofSeconds(30) : changeEvery;
        changed = changed == null ? Math.min(5, count) : changed;
        settle = settle == null ? Duration.ofSeconds(10) : settle;
    }
}
