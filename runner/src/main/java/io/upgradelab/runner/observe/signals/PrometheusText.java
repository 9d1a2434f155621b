package io.upgradelab.runner.observe.signals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A metric picked out of Prometheus's text exposition format (what a {@code /metrics} endpoint serves): a name and
 * label matchers ({@code name{label="value"}}), every series that matches summed. Read as Prometheus reads the
 * format: comment lines skipped, a series' labels in braces, its value after them, an optional timestamp last.
 *
 * @param name   the metric's name as exposed (a counter with its {@code _total})
 * @param labels the labels a series must carry, with these values
 */
public record PrometheusText(String name, Map<String, String> labels) {

    private static final Pattern SELECTOR = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(?:\\{(.*)})?\\s*$");
    private static final Pattern LABEL = Pattern.compile("\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*=\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*,?");

    /** {@code selector} read: {@code name} or {@code name{label="value",...}}; an {@link IllegalArgumentException} if neither. */
    public static PrometheusText selector(String selector) {
        Matcher m = SELECTOR.matcher(selector.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + selector + "' is not a metric name with optional {label=\"value\"}");
        }
        return new PrometheusText(m.group(1), labels(m.group(2) == null ? "" : m.group(2), selector));
    }

    private static Map<String, String> labels(String text, String whole) {
        Map<String, String> labels = new LinkedHashMap<>();
        Matcher label = LABEL.matcher(text);
        int end = 0;
        while (end < text.length() && label.find(end) && label.start() == end) {
            labels.put(label.group(1), label.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
            end = label.end();
        }
        if (!text.substring(end).isBlank()) {
            throw new IllegalArgumentException("'" + whole + "': labels are written label=\"value\", comma apart");
        }
        return labels;
    }

    /** The sum of the series of {@code exposition} this selects; empty when none does. */
    public OptionalDouble sum(String exposition) {
        double sum = 0;
        boolean any = false;
        for (String line : exposition.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || !l.startsWith(name)) {
                continue;
            }
            String rest = l.substring(name.length());
            Map<String, String> series = Map.of();
            if (rest.startsWith("{")) {
                int close = rest.lastIndexOf('}');
                if (close < 0) {
                    continue;
                }
                series = labels(rest.substring(1, close), l);
                rest = rest.substring(close + 1);
            } else if (!rest.startsWith(" ") && !rest.startsWith("\t")) {
                continue;   // another metric whose name starts with this one's
            }
            String[] fields = rest.strip().split("\\s+");
            if (fields.length == 0 || fields[0].isEmpty() || !series.entrySet().containsAll(labels.entrySet())) {
                continue;
            }
            sum += Double.parseDouble(fields[0]);
            any = true;
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }
}
