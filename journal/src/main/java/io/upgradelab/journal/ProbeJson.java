package io.upgradelab.journal;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The probe's files as JSON: a line of series.jsonl ({@link ProbeSecond}) and summary.json
 * ({@link ProbeSummary}), written by the probe and read by the runner, and the phase the runner tells
 * the probe of ({@link ProbePhase}), written by the runner and read by the probe, through this one codec. A text
 * that does not hold one is an {@link IllegalArgumentException} naming the field.
 */
public final class ProbeJson {

    private static final JsonGeneratorFactory LINE = Json.createGeneratorFactory(Map.of());
    private static final JsonGeneratorFactory PRETTY =
            Json.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));

    private ProbeJson() {
    }

    /** One line of series.jsonl, without its line end. */
    public static String line(ProbeSecond second) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = LINE.createGenerator(text)) {
            json.writeStartObject().write("second", second.second()).write("time", second.time().toString());
            counts(json, "calls", second.calls());
            counts(json, "totals", second.totals());
            percentiles(json, "latencyMs", second.latencyMs());
            percentiles(json, "lagMs", second.lagMs());
            json.write("cpuPercent", second.cpuPercent()).write("latencyHistogram", second.latencyHistogram()).writeEnd();
        }
        return text.toString();
    }

    /** summary.json, indented, with its final line end. */
    public static String document(ProbeSummary summary) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = PRETTY.createGenerator(text)) {
            json.writeStartObject()
                    .write("client", summary.client())
                    .write("label", summary.label())
                    .write("targetRate", summary.targetRate())
                    .write("achievedRate", summary.achievedRate())
                    .write("started", summary.started().toString())
                    .write("ended", summary.ended().toString())
                    .write("callingSeconds", summary.callingSeconds())
                    .write("balanced", summary.balanced());
            counts(json, "totals", summary.totals());
            percentiles(json, "latencyMs", summary.latencyMs());
            percentiles(json, "lagMs", summary.lagMs());
            json.write("cpuPercent", summary.cpuPercent()).writeEnd();
        }
        return text + "\n";
    }

    public static ProbeSecond second(String line) {
        JsonObject o = object(line);
        return new ProbeSecond(number(o, "second").longValue(), instant(o, "time"), counts(o, "calls"),
                counts(o, "totals"), percentiles(o, "latencyMs"), percentiles(o, "lagMs"),
                number(o, "cpuPercent").doubleValue(), o.getString("latencyHistogram", ""));
    }

    /** summary.json read; its achievedRate and balanced, derived from the other fields, are not read. */
    public static ProbeSummary summary(String document) {
        JsonObject o = object(document);
        return new ProbeSummary(string(o, "client"), string(o, "label"), number(o, "targetRate").doubleValue(),
                instant(o, "started"), instant(o, "ended"), number(o, "callingSeconds").doubleValue(),
                counts(o, "totals"), percentiles(o, "latencyMs"), percentiles(o, "lagMs"),
                number(o, "cpuPercent").doubleValue());
    }

    /** The body of the probe's {@code POST /phase}. */
    public static String phase(ProbePhase phase) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = LINE.createGenerator(text)) {
            json.writeStartObject().write("index", phase.index()).write("title", phase.title())
                    .write("at", phase.at().toString()).writeEnd();
        }
        return text.toString();
    }

    /** A {@code POST /phase} body read. */
    public static ProbePhase phase(String body) {
        JsonObject o = object(body);
        JsonNumber index = number(o, "index");
        if (!index.isIntegral()) {
            throw new IllegalArgumentException("field index: not a whole number");
        }
        return new ProbePhase(index.intValue(), string(o, "title"), instant(o, "at"));
    }

    private static void counts(JsonGenerator json, String name, CallCounts c) {
        json.writeStartObject(name).write("scheduled", c.scheduled()).write("success", c.success())
                .write("noProvider", c.noProvider()).write("timeout", c.timeout()).write("network", c.network())
                .write("other", c.other()).write("inFlight", c.inFlight());
        json.writeStartObject("otherClasses");
        c.otherClasses().forEach(json::write);
        json.writeEnd().writeEnd();
    }

    private static void percentiles(JsonGenerator json, String name, Percentiles p) {
        json.writeStartObject(name).write("count", p.count()).write("p50", p.p50()).write("p75", p.p75())
                .write("p90", p.p90()).write("p99", p.p99()).write("max", p.max()).writeEnd();
    }

    private static CallCounts counts(JsonObject parent, String name) {
        JsonObject c = child(parent, name);
        Map<String, Long> classes = new TreeMap<>();
        JsonValue other = c.get("otherClasses");
        if (other instanceof JsonObject o) {
            o.forEach((k, v) -> classes.put(k, v instanceof JsonNumber n ? n.longValue() : 0L));
        }
        return new CallCounts(whole(c, name, "scheduled"), whole(c, name, "success"), whole(c, name, "noProvider"),
                whole(c, name, "timeout"), whole(c, name, "network"), whole(c, name, "other"),
                whole(c, name, "inFlight"), classes);
    }

    private static Percentiles percentiles(JsonObject parent, String name) {
        JsonObject p = child(parent, name);
        return new Percentiles(whole(p, name, "count"), number(p, "p50").doubleValue(), number(p, "p75").doubleValue(),
                number(p, "p90").doubleValue(), number(p, "p99").doubleValue(), number(p, "max").doubleValue());
    }

    private static JsonObject object(String text) {
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new IllegalArgumentException("not a JSON object: " + e.getMessage(), e);
        }
    }

    private static JsonObject child(JsonObject parent, String name) {
        if (parent.get(name) instanceof JsonObject o) {
            return o;
        }
        throw new IllegalArgumentException("field " + name + ": missing or not an object");
    }

    private static JsonNumber number(JsonObject o, String name) {
        if (o.get(name) instanceof JsonNumber n) {
            return n;
        }
        throw new IllegalArgumentException("field " + name + ": missing or not a number");
    }

    private static long whole(JsonObject o, String parent, String name) {
        JsonNumber n = o.get(name) instanceof JsonNumber number ? number : null;
        if (n == null || !n.isIntegral()) {
            throw new IllegalArgumentException("field " + parent + "." + name + ": missing or not a whole number");
        }
        return n.longValue();
    }

    private static String string(JsonObject o, String name) {
        if (o.get(name) instanceof JsonString s) {
            return s.getString();
        }
        throw new IllegalArgumentException("field " + name + ": missing or not a string");
    }

    private static Instant instant(JsonObject o, String name) {
        try {
            return Instant.parse(string(o, name));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("field " + name + ": not a time (" + e.getParsedString() + ")", e);
        }
    }
}
