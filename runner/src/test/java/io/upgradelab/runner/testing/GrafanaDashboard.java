package io.upgradelab.runner.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.runner.LabHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/grafana/upgrade-lab.json, the dashboard of the runner's live metrics, as a test reads it: the
 * PromQL of every panel and annotation, and the metric names those queries read; and a scrape of a
 * metrics endpoint, the names it serves. So a test can say that every metric the dashboard queries
 * is served.
 */
public final class GrafanaDashboard {

    public static final Path FILE = Path.of("docs", "grafana", "upgrade-lab.json");

    /** PromQL's keywords and aggregation modifiers: identifiers that are not metric names. */
    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "bool", "offset", "and", "or", "unless", "inf", "nan");
    private static final Pattern QUOTED = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGES = Pattern.compile("\\[[^]]*]");
    private static final Pattern GROUPING = Pattern.compile(
            "\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_:][A-Za-z0-9_:]*+(?!\\s*\\()");
    private static final Pattern SAMPLE_NAME = Pattern.compile("^([A-Za-z_:][A-Za-z0-9_:]*)[{ ]");

    private final JsonNode document;

    private GrafanaDashboard(JsonNode document) {
        this.document = document;
    }

    /** The committed dashboard, from the repository's root. */
    public static GrafanaDashboard read() {
        Path file = LabHome.root().resolve(FILE);
        try {
            return new GrafanaDashboard(new ObjectMapper().readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public JsonNode document() {
        return document;
    }

    /** Every {@code expr} in the dashboard: its panels' targets and its annotations. */
    public List<String> expressions() {
        List<String> found = new ArrayList<>();
        collect(document, found);
        return found;
    }

    /** The metric names the dashboard's queries read. */
    public Set<String> metricNames() {
        Set<String> names = new TreeSet<>();
        expressions().forEach(expr -> names.addAll(metricNames(expr)));
        return names;
    }

    /**
     * The metric names one PromQL expression reads: its identifiers outside strings, label matchers,
     * ranges and grouping clauses that are neither functions (followed by a parenthesis) nor keywords.
     */
    public static Set<String> metricNames(String expr) {
        String bare = QUOTED.matcher(expr).replaceAll("\"\"");
        bare = MATCHERS.matcher(bare).replaceAll(" ");
        bare = RANGES.matcher(bare).replaceAll(" ");
        bare = GROUPING.matcher(bare).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(bare);
        while (m.find()) {
            boolean inWord = m.start() > 0 && Character.isLetterOrDigit(bare.charAt(m.start() - 1));
            if (!inWord && !KEYWORDS.contains(m.group().toLowerCase(java.util.Locale.ROOT))) {
                names.add(m.group());
            }
        }
        return names;
    }

    /** The metric names {@code url} serves now, from its text exposition format. */
    public static Set<String> scrape(URI url) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(url)
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError(url + " answered " + response.statusCode() + ": " + response.body());
            }
            return served(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scrape " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted scraping " + url, e);
        }
    }

    /** The names of the samples in a text exposition. */
    public static Set<String> served(String exposition) {
        Set<String> names = new TreeSet<>();
        exposition.lines().filter(line -> !line.startsWith("#")).map(SAMPLE_NAME::matcher).filter(Matcher::find)
                .forEach(m -> names.add(m.group(1)));
        return names;
    }

    private static void collect(JsonNode node, List<String> into) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> {
                if (field.getKey().equals("expr") && field.getValue().isTextual()) {
                    into.add(field.getValue().asText());
                } else {
                    collect(field.getValue(), into);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, into));
        }
    }
}
