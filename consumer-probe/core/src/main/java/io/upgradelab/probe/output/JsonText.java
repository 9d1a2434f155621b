package io.upgradelab.probe.output;

import io.upgradelab.probe.Counts;
import io.upgradelab.probe.Outcome;
import io.upgradelab.probe.Percentiles;
import io.upgradelab.probe.ProbeSummary;
import io.upgradelab.probe.Second;
import jakarta.json.Json;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import java.io.StringWriter;
import java.util.Map;

/** The probe's records as JSON text: one line of the series, or the summary. */
final class JsonText {

    private static final JsonGeneratorFactory LINE = Json.createGeneratorFactory(Map.of());
    private static final JsonGeneratorFactory PRETTY = Json.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));

    private JsonText() {
    }

    static String line(Second second) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = LINE.createGenerator(text)) {
            json.writeStartObject()
                    .write("second", second.second())
                    .write("time", second.end().toString());
            counts(json, "calls", second.calls());
            counts(json, "totals", second.totals());
            percentiles(json, "latencyMs", second.latency());
            percentiles(json, "lagMs", second.lag());
            json.write("cpuPercent", second.cpuPercent())
                    .write("latencyHistogram", second.latencyHistogram()).writeEnd();
        }
        return text.toString();
    }

    static String document(ProbeSummary summary) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = PRETTY.createGenerator(text)) {
            json.writeStartObject()
                    .write("client", summary.client())
                    .write("label", summary.label())
                    .write("targetRate", summary.targetRate())
                    .write("achievedRate", Math.round(summary.achievedRate() * 1000) / 1000.0)
                    .write("started", summary.started().toString())
                    .write("ended", summary.ended().toString())
                    .write("callingSeconds", summary.callingSeconds())
                    .write("balanced", summary.balanced());
            counts(json, "totals", summary.totals());
            percentiles(json, "latencyMs", summary.latency());
            percentiles(json, "lagMs", summary.lag());
            json.write("cpuPercent", summary.cpuPercent()).writeEnd();
        }
        return text.toString() + "\n";
    }

    private static void counts(JsonGenerator json, String name, Counts counts) {
        json.writeStartObject(name).write("scheduled", counts.scheduled());
        for (Outcome outcome : Outcome.values()) {
            json.write(outcome.key(), counts.of(outcome));
        }
        json.write("inFlight", counts.inFlight());
        json.writeStartObject("otherClasses");
        counts.otherClasses().forEach(json::write);
        json.writeEnd().writeEnd();
    }

    private static void percentiles(JsonGenerator json, String name, Percentiles p) {
        json.writeStartObject(name)
                .write("count", p.count())
                .write("p50", p.p50()).write("p75", p.p75()).write("p90", p.p90()).write("p99", p.p99())
                .write("max", p.max())
                .writeEnd();
    }
}
