package io.upgradelab.runner.observe.configs;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.ConfigCheck.ListenerConfigs;
import io.upgradelab.journal.ConfigCheck.NodeConfigs;
import io.upgradelab.runner.nacos.ServedConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The configs observer's bookkeeping, on a clock the test moves: what is published and changed when,
 * what is checked (settled configs on settled nodes), and what a check finds on nodes and listeners.
 */
class ConfigBookTest {

    /** 10 configs of 100 bytes; 3 change every 30 s; 10 s to settle. */
    private static final ConfigsSpec SPEC = new ConfigsSpec(10, 100, Duration.ofSeconds(30), 3, Duration.ofSeconds(10), 0);

    private final MovingClock clock = new MovingClock();
    private final ConfigBook book = new ConfigBook(SPEC, clock);

    @Test
    void theFirstVersionsAreOnePerConfigOfTheSizeAskedAndEachChangeIsNew() {
        List<ConfigBook.Write> first = book.firstVersions();

        assertThat(first).extracting(ConfigBook.Write::dataId).hasSize(10).startsWith("lab-config-0001")
                .endsWith("lab-config-0010").doesNotHaveDuplicates();
        assertThat(first).allSatisfy(w -> assertThat(w.content()).hasSize(100).doesNotEndWith(" ").doesNotEndWith("\n"));
        assertThat(ConfigContents.content("lab-config-0001", 1, 100)).isNotEqualTo(first.get(0).content())
                .hasSize(100);
    }

    /** The MD5 a real Nacos 2.0.4 sent as Content-MD5 for this content (curl, 2026-11-24). */
    @Test
    void theMd5IsTheOneNacosGives() {
        assertThat(ConfigContents.md5("lab-config-0001 version 0\nabcdef")).isEqualTo("2470b9b59cf65979995f25c025515781");
    }

    @Test
    void changesComeEveryChangeEveryForTheNextConfigsInTurn() {
        publishAll();
        assertThat(book.due()).isEmpty();

        clock.pass(Duration.ofSeconds(30));
        List<ConfigBook.Write> first = book.due();
        first.forEach(book::published);
        clock.pass(Duration.ofSeconds(29));
        assertThat(book.due()).as("not yet").isEmpty();
        clock.pass(Duration.ofSeconds(1));
        List<ConfigBook.Write> second = book.due();
        second.forEach(book::published);
        for (int i = 0; i < 2; i++) {
            clock.pass(Duration.ofSeconds(30));
            book.due().forEach(book::published);
        }
        clock.pass(Duration.ofSeconds(30));
        List<ConfigBook.Write> fifth = book.due();

        assertThat(first).extracting(ConfigBook.Write::dataId).containsExactly("lab-config-0001", "lab-config-0002",
                "lab-config-0003");
        assertThat(first).extracting(ConfigBook.Write::version).containsOnly(1L);
        assertThat(second).extracting(ConfigBook.Write::dataId).containsExactly("lab-config-0004", "lab-config-0005",
                "lab-config-0006");
        assertThat(fifth).as("round the 10 configs: the second change of the first ones")
                .extracting(w -> w.dataId() + " v" + w.version())
                .containsExactly("lab-config-0003 v2", "lab-config-0004 v2", "lab-config-0005 v2");
    }

    @Test
    void aFailedPublishIsRetriedAndNotCheckedUntilANodeTakesIt() {
        publishAll();
        clock.pass(Duration.ofSeconds(30));
        List<ConfigBook.Write> changes = book.due();
        book.published(changes.get(0));
        book.publishFailed(changes.get(1));
        book.published(changes.get(2));
        clock.pass(Duration.ofSeconds(15));

        assertThat(book.settled()).hasSize(9).doesNotContain("lab-config-0002");
        assertThat(book.due()).containsExactly(changes.get(1));
        book.published(changes.get(1));
        assertThat(book.settled()).as("published just now: settling").doesNotContain("lab-config-0002");
        clock.pass(Duration.ofSeconds(10));
        assertThat(book.settled()).hasSize(10);
        ConfigCheck check = book.check(book.settled(), List.of());
        assertThat(check.changes()).isEqualTo(3);
        assertThat(check.publishFailures()).isEqualTo(1);
    }

    @Test
    void clientsReadOnlyOnceTheFirstVersionsHaveSettled() {
        assertThat(book.firstVersionsSettled()).as("nothing published").isFalse();
        publishAll();
        clock.pass(Duration.ofSeconds(9));
        assertThat(book.firstVersionsSettled()).isFalse();
        clock.pass(Duration.ofSeconds(1));
        assertThat(book.firstVersionsSettled()).isTrue();
    }

    @Test
    void aConfigChangedWithinTheSettleTimeIsNotChecked() {
        publishAll();
        assertThat(book.settled()).as("all published just now").isEmpty();
        clock.pass(Duration.ofSeconds(30));
        book.due().forEach(book::published);
        clock.pass(Duration.ofSeconds(5));

        assertThat(book.settled()).hasSize(7).doesNotContain("lab-config-0001", "lab-config-0002", "lab-config-0003");
        assertThat(book.check(book.settled(), List.of()).pending()).isEqualTo(3);
    }

    @Test
    void aNodeMissingOrServingAnotherContentOrMd5IsCountedAndNamed() {
        Map<String, ConfigBook.Write> first = publishAll();
        clock.pass(Duration.ofSeconds(10));
        List<String> settled = book.settled();
        Map<String, Optional<ServedConfig>> served = servedAsPublished(first);
        served.put("lab-config-0002", Optional.empty());
        served.put("lab-config-0005", Optional.empty());
        served.put("lab-config-0007", Optional.of(new ServedConfig("stale", ConfigContents.md5("stale"))));
        String content8 = first.get("lab-config-0008").content();
        served.put("lab-config-0008", Optional.of(new ServedConfig(content8, ConfigContents.md5("other"))));

        NodeConfigs node = book.answered(2, "2.0.4", settled, served);
        NodeConfigs intact = book.answered(1, "2.0.4", settled, servedAsPublished(first));

        assertThat(node.state()).isEqualTo(ConfigCheck.CHECKED);
        assertThat(node.missing()).isEqualTo(2);
        assertThat(node.missingIds()).containsExactly("lab-config-0002", "lab-config-0005");
        assertThat(node.mismatched()).isEqualTo(2);
        assertThat(node.mismatchedIds()).containsExactly("lab-config-0007", "lab-config-0008");
        assertThat(intact.missing() + intact.mismatched()).isZero();
    }

    @Test
    void aNodeBackOrOnAnotherVersionSettlesBeforeItCounts() {
        Map<String, ConfigBook.Write> first = publishAll();
        clock.pass(Duration.ofSeconds(10));
        Map<String, Optional<ServedConfig>> nothing = new LinkedHashMap<>();
        book.dataIds().forEach(id -> nothing.put(id, Optional.empty()));

        assertThat(book.answered(1, "1.4.1", book.settled(), servedAsPublished(first)).state())
                .as("up since before the first check").isEqualTo(ConfigCheck.CHECKED);
        assertThat(book.notAnswered(1, "1.4.1", "stopped", null).state()).isEqualTo("stopped");
        clock.pass(Duration.ofSeconds(20));
        NodeConfigs back = book.answered(1, "2.0.4", book.settled(), nothing);
        clock.pass(Duration.ofSeconds(9));
        NodeConfigs stillSettling = book.answered(1, "2.0.4", book.settled(), nothing);
        clock.pass(Duration.ofSeconds(1));
        NodeConfigs settled = book.answered(1, "2.0.4", book.settled(), nothing);

        assertThat(back.state()).isEqualTo(ConfigCheck.SETTLING);
        assertThat(back.missing()).isZero();
        assertThat(stillSettling.state()).isEqualTo(ConfigCheck.SETTLING);
        assertThat(settled.state()).isEqualTo(ConfigCheck.CHECKED);
        assertThat(settled.missing()).isEqualTo(10);
        assertThat(settled.missingIds()).hasSize(ConfigBook.IDS_SHOWN);
    }

    @Test
    void aListenerIsOffThenSettlingThenJudgedOnWhatItLastHeard() {
        Map<String, ConfigBook.Write> first = publishAll();
        book.notListening("2.0.4");
        book.listening("1.4.1");
        first.values().forEach(w -> book.heard("1.4.1", w.dataId(), w.content(), false));
        clock.pass(Duration.ofSeconds(5));
        assertThat(listener(book.check(book.settled(), List.of()), "1.4.1").state()).isEqualTo(ConfigCheck.SETTLING);
        assertThat(listener(book.check(book.settled(), List.of()), "2.0.4").state()).isEqualTo(ConfigCheck.OFF);

        clock.pass(Duration.ofSeconds(25));
        List<ConfigBook.Write> changes = book.due();
        changes.forEach(book::published);
        book.heard("1.4.1", changes.get(0).dataId(), changes.get(0).content(), true);
        book.heard("1.4.1", changes.get(1).dataId(), null, true);   // the config is gone
        clock.pass(Duration.ofSeconds(10));
        ListenerConfigs judged = listener(book.check(book.settled(), List.of()), "1.4.1");

        assertThat(judged.state()).isEqualTo(ConfigCheck.LISTENING);
        assertThat(judged.changes()).isEqualTo(3);
        assertThat(judged.notified()).isEqualTo(2);
        assertThat(judged.behind()).isEqualTo(2);
        assertThat(judged.behindIds()).containsExactly("lab-config-0002", "lab-config-0003");
        assertThat(listener(book.check(book.settled(), List.of()), "2.0.4").state()).isEqualTo(ConfigCheck.OFF);
    }

    @Test
    void aListenerStartedLaterCountsOnlyTheChangesSinceAndIsGivenTheSettleTime() {
        Map<String, ConfigBook.Write> first = publishAll();
        book.notListening("2.0.4");
        clock.pass(Duration.ofSeconds(30));
        book.due().forEach(book::published);
        clock.pass(Duration.ofSeconds(10));
        book.listening("2.0.4");
        first.values().forEach(w -> book.heard("2.0.4", w.dataId(), w.content(), false));
        ListenerConfigs starting = listener(book.check(book.settled(), List.of()), "2.0.4");
        clock.pass(Duration.ofSeconds(10));
        ListenerConfigs judged = listener(book.check(book.settled(), List.of()), "2.0.4");

        assertThat(starting.state()).isEqualTo(ConfigCheck.SETTLING);
        assertThat(judged.changes()).isZero();
        assertThat(judged.behind()).as("it read version 0 of the 3 configs already at version 1").isEqualTo(3);
    }

    @Test
    void twoVersionsOfOneGenerationAreTwoListenersEachNamedWithItsGeneration() {
        Map<String, ConfigBook.Write> first = publishAll();
        book.notListening("1.4.1");
        book.notListening("2.0.4");
        book.notListening("2.3.2");
        book.listening("2.3.2");
        first.values().forEach(w -> book.heard("2.3.2", w.dataId(), w.content(), false));
        clock.pass(Duration.ofSeconds(10));
        ConfigCheck check = book.check(book.settled(), List.of());

        assertThat(check.listeners()).extracting(l -> l.generation() + " " + l.client() + " " + l.state())
                .containsExactly("1x 1.4.1 off", "2x 2.0.4 off", "2x 2.3.2 listening");
        assertThat(listener(check, "2.3.2").behind()).isZero();
    }

    private Map<String, ConfigBook.Write> publishAll() {
        Map<String, ConfigBook.Write> first = new LinkedHashMap<>();
        for (ConfigBook.Write w : book.firstVersions()) {
            book.published(w);
            first.put(w.dataId(), w);
        }
        return first;
    }

    private static Map<String, Optional<ServedConfig>> servedAsPublished(Map<String, ConfigBook.Write> writes) {
        Map<String, Optional<ServedConfig>> served = new LinkedHashMap<>();
        writes.forEach((id, w) -> served.put(id, Optional.of(new ServedConfig(w.content(), ConfigContents.md5(w.content())))));
        return served;
    }

    private static ListenerConfigs listener(ConfigCheck check, String client) {
        return check.listeners().stream().filter(l -> l.client().equals(client)).findFirst().orElseThrow();
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovingClock extends Clock {
        private Instant now = Instant.parse("2026-11-24T08:00:00Z");

        void pass(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
