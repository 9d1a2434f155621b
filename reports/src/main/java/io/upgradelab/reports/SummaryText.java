package io.upgradelab.reports;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What every summary says, as plain text: the headline, the probe's sentence, and the per-phase
 * table in the shape of the published comparison (server version, client version, scale,
 * stability, CPU) followed by what the probe felt (outcomes and latency p50/p75/p90/p99/max), and the
 * naming benchmark's table in the shape of Nacos's benchmark reports (TPS, RT, server CPU). Each
 * format escapes and emphasises it its own way, so the Markdown and the HTML report cannot disagree
 * on a figure.
 */
public final class SummaryText {

    /** How a column's cells line up. */
    public enum Align { LEFT, CENTER, RIGHT }

    public record Column(String name, Align align) {
    }

    /** A cell's text, and whether it says something went wrong (a phase not done, a node below, an error). */
    public record Cell(String text, boolean alarming) {
    }

    public static final List<Column> COLUMNS = List.of(new Column("#", Align.RIGHT), new Column("phase", Align.LEFT),
            new Column("server", Align.LEFT), new Column("clients", Align.LEFT),
            new Column("providers", Align.RIGHT), new Column("stable", Align.CENTER),
            new Column("flapping", Align.RIGHT), new Column("load", Align.LEFT),
            new Column("CPU % mean / p95 per node", Align.LEFT),
            new Column("calls", Align.RIGHT), new Column("ok %", Align.RIGHT), new Column("no provider", Align.RIGHT),
            new Column("other errors", Align.RIGHT), new Column("p50", Align.RIGHT), new Column("p75", Align.RIGHT),
            new Column("p90", Align.RIGHT), new Column("p99", Align.RIGHT), new Column("max (ms)", Align.RIGHT));

    /** What "stable" and "flapping" mean, and where latency runs from: the table's footnote. */
    public static final String FOOTNOTE = "Stable: no node's instance count was below the expected count in any"
            + " sample of the phase; flapping counts the falls below it (a node below from the phase's start counts"
            + " once). Load: flagged where the phase measured the machine rather than Nacos (1.x clients under "
            + (int) LoadValidity.MIN_BEATS_PERCENT + "% of their nominal beats, the fleet at "
            + (int) LoadValidity.MAX_FLEET_CPU_PERCENT + "% of a core, probe lag p99 over "
            + (int) LoadValidity.MAX_PROBE_LAG_MS + " ms, machine idle under " + (int) LoadValidity.MIN_IDLE_PERCENT
            + "%, steal over " + (int) LoadValidity.MAX_STEAL_PERCENT + "%). Latency runs from each call's intended start.";

    /** The configs table's columns: one row per phase of a run that checked configs. */
    public static final List<Column> CONFIG_COLUMNS = List.of(new Column("#", Align.RIGHT),
            new Column("phase", Align.LEFT), new Column("checks", Align.RIGHT), new Column("configs", Align.RIGHT),
            new Column("changes", Align.RIGHT), new Column("missing", Align.RIGHT),
            new Column("mismatched", Align.RIGHT), new Column("listeners", Align.LEFT), new Column("found", Align.LEFT));

    /** What the configs table's figures mean. */
    public static final String CONFIG_FOOTNOTE = "Configs: every observation reads each config the lab published from"
            + " every node (content and MD5 as published) and compares the last content each client version's"
            + " listener heard; a config changed, a node up again or a listener started within the settle time is"
            + " checked once it has settled. Checks: those that judged a config on a node. Missing, mismatched: the"
            + " most one node missed or served otherwise in one check. Listeners: callbacks received and changes"
            + " published in the phase, and the most configs it had not heard the last change of in one check.";

    /** The naming benchmark's columns, those of Nacos's naming benchmark reports: one row per operation measured. */
    public static final List<Column> BENCHMARK_COLUMNS = List.of(new Column("phase", Align.RIGHT),
            new Column("operation", Align.LEFT), new Column("servers", Align.LEFT), new Column("client", Align.LEFT),
            new Column("threads", Align.RIGHT), new Column("TPS", Align.RIGHT), new Column("RT avg", Align.RIGHT),
            new Column("min", Align.RIGHT), new Column("max", Align.RIGHT), new Column("p80", Align.RIGHT),
            new Column("p95", Align.RIGHT), new Column("p99 (ms)", Align.RIGHT), new Column("errors", Align.LEFT),
            new Column("server CPU % per node", Align.LEFT), new Column("TPS vs phase N", Align.LEFT));

    /** What the naming benchmark's figures mean. */
    public static final String BENCHMARK_FOOTNOTE = "Naming benchmark: one row per operation a benchmark phase"
            + " measured against the cluster as it stood. TPS: operations that succeeded per second; RT: the response"
            + " times of those that succeeded, exact from the histogram of every one; errors: the failed ones by kind."
            + " Threads: the concurrency, clients x threads per client. Server CPU: each node's mean while the"
            + " operation ran, % of one core (not measured: no sample taken). TPS vs phase N: TPS over that of the"
            + " first earlier row of the run with the same operation, API (sdk or http), concurrency, services and"
            + " instances (before an upgrade), and the p99 likewise.";

    /** The gateway benchmark's table, in the reference's shape (wrk: QPS and latency per route and connections). */
    public static final List<Column> GATEWAY_COLUMNS = List.of(new Column("phase", Align.RIGHT),
            new Column("servers", Align.LEFT), new Column("route", Align.LEFT), new Column("connections", Align.RIGHT),
            new Column("QPS", Align.RIGHT), new Column("p50", Align.RIGHT), new Column("p75", Align.RIGHT),
            new Column("p90", Align.RIGHT), new Column("p99", Align.RIGHT), new Column("avg", Align.RIGHT),
            new Column("max (ms)", Align.RIGHT), new Column("errors", Align.LEFT), new Column("vs before", Align.LEFT));

    /** What the gateway benchmark's figures are, and the reference's beside them. */
    public static final String GATEWAY_FOOTNOTE = "Gateway benchmark: one row per wrk run of a gatewayBenchmark phase, wrk's"
            + " own figures (QPS: its Requests/sec; latency: its distribution, ms); direct: wrk at one demo backend;"
            + " otherwise through the gateway named, which found the backends through Nacos. Errors: wrk's socket errors"
            + " by kind and answers that were not 2xx/3xx. A route 'during' a phase kind: wrk through the gateway while that"
            + " phase ran, and 10 s more; its seconds are tallied below the table and drawn under Over time. vs before:"
            + " QPS and p99 over the first earlier row with the same route and connections. The reference (Apache ShenYu 2.6.0, wrk 4.2.0, a mock answering in 20 ms with"
            + " about 2 KB, on machines of its own): direct at 600, 29,660 QPS, p99 38 ms; through the gateway at 600,"
            + " 800 and 1000, 13,892 / 13,603 / 13,423 QPS, p99 159 / 218 / 272 ms. Here wrk, the gateway, the backends"
            + " and the nodes share this machine's cores.";

    private SummaryText() {
    }

    /** "nacos-1x-to-2x-ci: completed in 9m (scale 0.02)". */
    public static String headline(RunSummary run) {
        return run.experiment() + ": " + run.outcome() + " in " + duration(run.seconds()) + " (scale "
                + (Double.isFinite(run.scale()) ? BigDecimal.valueOf(run.scale()).stripTrailingZeros().toPlainString()
                : String.valueOf(run.scale())) + ")";   // a forged journal's NaN: said as it is (JournalAudit names it)
    }

    /** "The run failed in phase 7 (...): ...; nothing after it was measured.", for a run that did not complete. */
    public static java.util.Optional<String> failureSentence(RunSummary run) {
        return run.failure().map(f -> Character.toUpperCase(f.charAt(0)) + f.substring(1) + ".");
    }

    /** "Probe: 42877 calls, 100% successful, 0 no provider, ...; latency p50 3.04 ms, p99 30.38 ms, max 239.74 ms." */
    public static String probeSentence(RunSummary run) {
        CallCounts probe = run.probe();
        String text = "Probe: " + probe.scheduled() + " calls, " + number(probe.successPercent()) + "% successful, "
                + probe.noProvider() + " no provider, " + probe.timeout() + " timeout, " + probe.network()
                + " network, " + probe.other() + " other";
        Percentiles l = run.latency();
        return l == null ? text + "." : text + "; latency p50 " + ms(l.p50()) + " ms, p99 " + ms(l.p99()) + " ms, max "
                + ms(l.max()) + " ms.";
    }

    /** One row per phase, cells in {@link #COLUMNS} order. */
    public static List<List<Cell>> rows(RunSummary run) {
        List<List<Cell>> rows = new ArrayList<>();
        for (PhaseSummary p : run.phases()) {
            boolean done = "done".equals(p.outcome());
            int flapping = p.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum();
            long otherErrors = p.probe().timeout() + p.probe().network() + p.probe().other();
            List<Cell> row = new ArrayList<>(List.of(
                    plain(Integer.toString(p.index())),
                    new Cell(p.title() + (done ? "" : " (" + p.outcome() + ")") + warnings(p) + failureSigns(p),
                            !done || !p.warnings().isEmpty() || !p.failureSigns().isEmpty()),
                    plain(p.serverVersions()), plain(p.clients()), plain(Integer.toString(p.providers())),
                    new Cell(p.stable() ? "yes" : "no", !p.stable()),
                    new Cell(Integer.toString(flapping), flapping > 0),
                    new Cell(p.load().valid() ? "valid" : "flagged: " + p.load().describe(), !p.load().valid()),
                    plain(p.nodes().stream().map(n -> number(n.meanCpuPercent()) + " / " + number(n.p95CpuPercent()))
                            .collect(Collectors.joining(", "))),
                    plain(Long.toString(p.probe().scheduled())),
                    new Cell(number(p.probe().successPercent()), p.probe().success() < p.probe().ended()),
                    new Cell(Long.toString(p.probe().noProvider()), p.probe().noProvider() > 0),
                    new Cell(Long.toString(otherErrors), otherErrors > 0)));
            Percentiles l = p.latency();
            for (double value : l == null ? new double[0] : new double[] {l.p50(), l.p75(), l.p90(), l.p99(), l.max()}) {
                row.add(plain(ms(value)));
            }
            while (row.size() < COLUMNS.size()) {
                row.add(plain("-"));
            }
            rows.add(List.copyOf(row));
        }
        return List.copyOf(rows);
    }

    /** One row per phase in {@link #CONFIG_COLUMNS} order; none when the run checked no configs. */
    public static List<List<Cell>> configRows(RunSummary run) {
        List<List<Cell>> rows = new ArrayList<>();
        for (PhaseSummary p : run.phases()) {
            ConfigFigures c = p.configs();
            if (c == null) {
                continue;
            }
            boolean behind = c.listeners().stream().anyMatch(l -> l.maxBehind() > 0);
            rows.add(List.of(plain(Integer.toString(p.index())), plain(p.title()),
                    plain(Integer.toString(c.checks())), plain(Integer.toString(c.published())),
                    new Cell(c.changes() + (c.publishFailures() > 0 ? " (" + c.publishFailures() + " failed)" : ""),
                            c.publishFailures() > 0),
                    new Cell(Integer.toString(c.maxMissing()), c.maxMissing() > 0),
                    new Cell(Integer.toString(c.maxMismatched()), c.maxMismatched() > 0),
                    new Cell(c.listeners().stream().map(SummaryText::listener).collect(Collectors.joining("; ")),
                            behind),
                    new Cell(c.findings().isEmpty() ? "-" : String.join("; ", c.findings()), !c.findings().isEmpty())));
        }
        return List.copyOf(rows);
    }

    /** What each consumer stack felt per event of a consumerStacks phase. */
    public static final List<Column> STACK_COLUMNS = List.of(new Column("phase", Align.RIGHT),
            new Column("servers", Align.LEFT), new Column("event", Align.LEFT), new Column("stack", Align.LEFT),
            new Column("calls", Align.RIGHT), new Column("failed", Align.RIGHT), new Column("failing for (s)", Align.RIGHT),
            new Column("new instance after (s)", Align.RIGHT), new Column("settled", Align.LEFT));

    /** What the consumer stacks' figures are. */
    public static final String STACK_FOOTNOTE = "Consumer stacks: the stacks of a consumerStacks phase ran side by side on"
            + " the same cluster and called the same instances, found through it. instanceKill: a Dubbo demo provider and a"
            + " demo backend killed (SIGKILL), then a new one of each started; nodeKill: a Nacos node killed and started"
            + " again. Calls: those started from the event until the stack settled (no failure for 8 s). Failing for: from"
            + " the event to the end of the last failed call, how long it kept calling a dead instance or kept failing."
            + " New instance after: from the new instance's registration to the end of the first call it answered."
            + " The recommendations set each stack's setting on against off, event by event, by failed calls; a"
            + " difference within a second of the stack's calls (what the calls in flight at a kill may cost) is none.";

    /** One row per stack and event in {@link #STACK_COLUMNS} order; none when the run has no consumerStacks phase. */
    public static List<List<Cell>> stackRows(RunSummary run) {
        return run.consumerStacks().stream().map(s -> List.of(plain(Integer.toString(s.phase())), plain(s.servers()),
                plain(s.line().event()), plain(s.line().stack()), plain(Integer.toString(s.line().calls())),
                new Cell(Integer.toString(s.line().errors()), s.line().errors() > 0),
                plain(s.line().errors() == 0 ? "0" : number(s.line().secondsToStop())),
                plain(s.line().secondsToNew() == null ? "" : number(s.line().secondsToNew())),
                new Cell(s.line().settled() ? "yes" : "no", !s.line().settled()))).toList();
    }

    /** The settings the run's consumer stacks recommend, one sentence each with its figures. */
    public static List<String> stackAdvice(RunSummary run) {
        return ConsumerStackSummary.advice(run.consumerStacks());
    }

    /** The team's own signals, per phase. */
    public static final List<Column> SIGNAL_COLUMNS = List.of(new Column("phase", Align.RIGHT),
            new Column("signal", Align.LEFT), new Column("kind", Align.LEFT), new Column("samples", Align.RIGHT),
            new Column("read", Align.RIGHT), new Column("min", Align.RIGHT), new Column("mean", Align.RIGHT),
            new Column("max", Align.RIGHT), new Column("healthy", Align.RIGHT), new Column("last error", Align.LEFT));

    /** What the signals' figures are. */
    public static final String SIGNAL_FOOTNOTE = "Signals: the experiment's own signals, sampled every observeEvery."
            + " prometheus: a figure (min, mean and max of the samples read); http: an endpoint's health (healthy: the"
            + " samples that answered as healthy, of all; min/mean/max: the answers' status). Read: the samples that got"
            + " a figure or an answer. A policy judges them with prometheus and http criteria.";

    /** One row per phase and signal in {@link #SIGNAL_COLUMNS} order; none when the run sampled no signal. */
    public static List<List<Cell>> signalRows(RunSummary run) {
        return run.signals().stream().map(s -> List.of(plain(Integer.toString(s.phase())), plain(s.signal()),
                plain(s.kind()), plain(Integer.toString(s.samples())),
                new Cell(Integer.toString(s.measured()), s.measured() < s.samples()),
                plain(s.min() == null ? "-" : number(s.min())), plain(s.mean() == null ? "-" : oneDecimal(s.mean())),
                plain(s.max() == null ? "-" : number(s.max())),
                s.http() ? new Cell(s.healthy() + " of " + s.samples(), s.healthy() < s.samples()) : plain(""),
                new Cell(s.lastError(), !s.lastError().isEmpty()))).toList();
    }

    /** One row per wrk run in {@link #GATEWAY_COLUMNS} order; none when the run has no gateway benchmark. */
    public static List<List<Cell>> gatewayRows(RunSummary run) {
        return run.gatewayBenchmarks().stream().map(SummaryText::gatewayRow).toList();
    }

    /**
     * Per wrk run through a phase, its seconds in a sentence ({@link GatewayBenchmarkSummary#secondsSentence()}).
     * None without such a run.
     */
    public static List<String> gatewaySeconds(RunSummary run) {
        return run.gatewayBenchmarks().stream().map(GatewayBenchmarkSummary::secondsSentence).filter(s -> !s.isEmpty())
                .toList();
    }

    private static List<Cell> gatewayRow(GatewayBenchmarkSummary g) {
        io.upgradelab.journal.GatewayBenchmark.Latency l = g.wrk().latency();
        List<Cell> row = new ArrayList<>(List.of(plain(Integer.toString(g.phase())), plain(g.servers()), plain(g.route()),
                plain(Integer.toString(g.wrk().concurrency())), plain(oneDecimal(g.wrk().qps()))));
        for (double value : new double[] {l.p50(), l.p75(), l.p90(), l.p99(), l.avg(), l.max()}) {
            row.add(plain(oneDecimal(value)));
        }
        row.add(new Cell(g.wrk().errors().isEmpty() ? "0" : g.wrk().errorCount() + " " + g.wrk().errors(),
                !g.wrk().errors().isEmpty()));
        row.add(plain(g.againstEarlier()));
        return row;
    }

    /** One row per benchmark line in {@link #BENCHMARK_COLUMNS} order; none when the run benchmarked nothing. */
    public static List<List<Cell>> benchmarkRows(RunSummary run) {
        return run.benchmarks().stream().map(SummaryText::benchmarkRow).toList();
    }

    private static List<Cell> benchmarkRow(BenchmarkSummary b) {
        List<Cell> row = new ArrayList<>(List.of(plain(Integer.toString(b.phase())),
                new Cell(b.operation() + stopped(b.stoppedBy()), "interrupted".equals(b.stoppedBy())),
                plain(b.servers()), plain(client(b)),
                plain(b.concurrency() + " (" + b.clients() + "x" + b.threads() + ")"), plain(number(b.tps()))));
        ResponseTimes rt = b.responseTimes();
        for (double value : new double[] {rt.avg(), rt.min(), rt.max(), rt.p80(), rt.p95(), rt.p99()}) {
            row.add(plain(rt.count() == 0 ? "-" : ms(value)));
        }
        row.add(new Cell(errors(b), b.failed() > 0));
        row.add(plain(benchmarkCpu(b)));
        row.add(plain(againstEarlier(b.againstEarlier())));
        return List.copyOf(row);
    }

    /** " (stopped by time)" for an operation its phase's bounds stopped, " (interrupted)", or "" when it was done. */
    private static String stopped(String stoppedBy) {
        return switch (stoppedBy) {
            case "done", "" -> "";
            case "interrupted" -> " (interrupted)";
            default -> " (stopped by " + stoppedBy + ")";
        };
    }

    /** "1.4.1 sdk (http)", "2.0.4 sdk (grpc)", "http API". */
    private static String client(BenchmarkSummary b) {
        return switch (b.api()) {
            case "http" -> "http API";
            case "sdk" -> (b.client().isEmpty() ? "" : b.client() + " ") + "sdk" + transport(b);
            default -> b.api() + transport(b);
        };
    }

    private static String transport(BenchmarkSummary b) {
        return b.transport().isEmpty() ? "" : " (" + b.transport() + ")";
    }

    /** "0", or "12 (NacosException 500: 10, SocketTimeoutException: 2)": the most frequent kind first. */
    private static String errors(BenchmarkSummary b) {
        if (b.errors().isEmpty()) {
            return Long.toString(b.failed());
        }
        return b.failed() + b.errors().entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ", " (", ")"));
    }

    /** "45.2, 40.1, not measured (limit 2 cores each)": each node's mean, never 0% for a node without samples. */
    private static String benchmarkCpu(BenchmarkSummary b) {
        String nodes = b.cpu().isEmpty() ? "not measured" : b.cpu().stream()
                .map(n -> n.meanPercent() == null ? "not measured" : number(n.meanPercent()))
                .collect(Collectors.joining(", "));
        List<String> limits = b.cpuLimits().stream().map(SummaryText::number).toList();
        if (limits.isEmpty()) {
            return nodes;
        }
        return nodes + (limits.stream().distinct().count() == 1 ? " (limit " + limits.get(0) + " cores each)"
                : " (limits " + String.join(", ", limits) + " cores)");
    }

    /** "x2.31 vs phase 1, p99 x0.45", or "-" for a row that is the first of its kind. */
    private static String againstEarlier(BenchmarkSummary.EarlierRatio earlier) {
        if (earlier == null) {
            return "-";
        }
        return (earlier.tpsRatio() == null ? "-" : ratio(earlier.tpsRatio())) + " vs phase " + earlier.phase()
                + (earlier.p99Ratio() == null ? "" : ", p99 " + ratio(earlier.p99Ratio()));
    }

    /** "1x (1.4.1) heard 5 of 5, 0 behind", or "2x (2.0.4) off" for one not judged in the phase. */
    private static String listener(ConfigFigures.ListenerFigures l) {
        return l.generation() + " (" + l.client() + ") " + (l.checks() == 0 ? "off"
                : "heard " + l.notified() + " of " + l.changes() + ", " + l.maxBehind() + " behind");
    }

    /** " (warning: ...)" for each warning of the phase, or "". */
    private static String warnings(PhaseSummary p) {
        return p.warnings().stream().map(w -> " (warning: " + w.message() + ")").collect(Collectors.joining());
    }

    /** " (failure signs: invalidRedirect on node 2, 3; raftStateMachine on node 1)" for a phase with some, or "". */
    private static String failureSigns(PhaseSummary p) {
        if (p.failureSigns().isEmpty()) {
            return "";
        }
        Map<String, java.util.SortedSet<Integer>> nodes = new java.util.LinkedHashMap<>();
        p.failureSigns().forEach(w -> nodes.computeIfAbsent(w.sign(), k -> new java.util.TreeSet<>()).add(w.node()));
        return " (failure signs: " + nodes.entrySet().stream().map(e -> e.getKey() + " " + where(e.getValue()))
                .collect(Collectors.joining("; ")) + ")";
    }

    /** "on node 2, 3", "in the lab's clients", or both joined by "and". */
    private static String where(java.util.SortedSet<Integer> nodes) {
        List<String> parts = new ArrayList<>();
        if (nodes.contains(FailureSignWarning.CLIENTS)) {
            parts.add(FailureSignWarning.where(FailureSignWarning.CLIENTS));
        }
        List<String> servers = nodes.stream().filter(n -> n != FailureSignWarning.CLIENTS).map(String::valueOf).toList();
        if (!servers.isEmpty()) {
            parts.add("on node " + String.join(", ", servers));
        }
        return String.join(" and ", parts);
    }

    /**
     * The run's failure signs and missing providers, one sentence each, in the order they came: for
     * the summaries to list below the table. Empty for a run that watched for neither (older journals).
     */
    public static List<String> findings(RunSummary run) {
        List<String> findings = new ArrayList<>();
        if (run.signsWatched() != null) {
            long seen = run.phases().stream().mapToLong(p -> p.failureSigns().size()).sum();
            findings.add("Failure signs watched: " + String.join(", ", run.signsWatched().signs())
                    + (run.signsWatched().message() == null ? "" : " (" + run.signsWatched().message() + ")")
                    + (seen == 0 ? "; none seen." : "; " + seen + " seen:"));
        }
        for (PhaseSummary p : run.phases()) {
            p.failureSigns().forEach(w -> findings.add("phase " + p.index() + ": " + w.message()));
        }
        for (PhaseSummary p : run.phases()) {
            p.missing().forEach(m -> findings.add("phase " + p.index() + ": " + m.describe()));
        }
        return List.copyOf(findings);
    }

    /** What an over-count is and how it is found: the over-count list's note, in reports of runs that have one. */
    public static final String OVER_COUNT_NOTE = "Over-counted: a node listed more providers than the fleet and the demo"
            + " providers had registered, in a sample taken while the fleet stood still (not busy in the sample's"
            + " round, the two before and the one after; it is held to the most registered in them). Such a node"
            + " could hide a loss, so its phase is not stable and the gate's flapping counts each stretch of it as"
            + " an event. Seen here: Nacos keeps the clients of a restarted node on its peers for about 3 minutes"
            + " (alibaba/nacos issue 11602, docs/runs/over-count), and lists a provider restarted within them twice,"
            + " its old registration beside its new one.";

    /**
     * The run's over-counts, one sentence per node and phase ("phase 4: node 1 listed up to 404 of 202
     * registered for 25 s (6 samples from 196 s)"); none for a run without one.
     */
    public static List<String> overCounts(RunSummary run) {
        List<String> found = new ArrayList<>();
        for (PhaseSummary p : run.phases()) {
            p.overCounts().forEach(f -> found.add("phase " + p.index() + ": " + f.describe()));
        }
        return List.copyOf(found);
    }

    /** {@link #number} with its sign: "+2.5", "-3", "0": a change, after minus before. */
    public static String signed(double value) {
        return (value > 0 ? "+" : "") + number(value);
    }

    /** A whole number without decimals, else one decimal. */
    public static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** One decimal always ("26.0", not "26"): a column of measured figures reads alike down its rows. */
    public static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** An after/before ratio: "x2.31". */
    public static String ratio(double ratio) {
        return String.format(Locale.ROOT, "x%.2f", ratio);
    }

    /** Milliseconds to two decimals. */
    public static String ms(double millis) {
        return String.format(Locale.ROOT, "%.2f", millis);
    }

    /** "9m5s", "42s". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? s / 60 + "m" + (s % 60 == 0 ? "" : s % 60 + "s") : s + "s";
    }

    private static Cell plain(String text) {
        return new Cell(text, false);
    }
}
