package io.upgradelab.runner.preflight;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The clients a node's Tomcat access logs show ({@code access_log.<date>.log}; Nacos's pattern
 * {@code %h %l %u %t "%r" %s %b %D %{User-Agent}i ...}): each address and nacos-client version that
 * called, and whether its calls carried credentials. A 1.x client puts its token on every call
 * ({@code accessToken=} in the query); any client with a user logs in over HTTP ({@code /v1/auth/users/login}),
 * 2.x ones included, whose other calls go over gRPC and are not in this log. A call refused with 403 had none
 * that the node accepted. Only the last {@link #TAIL_BYTES} of each file are read.
 */
final class AccessLogClients {

    static final long TAIL_BYTES = 32L << 20;
    private static final Pattern LINE = Pattern.compile(
            "^(\\S+) \\S+ \\S+ \\[[^]]*] \"(\\S+) (\\S+)[^\"]*\" (\\d{3}) .*?(Nacos-[A-Za-z]+-Client):v(\\S+)");

    private AccessLogClients() {
    }

    /** One client's calls as the log shows them. */
    record Seen(String address, String version, boolean http, boolean credentials, boolean without) {
    }

    /** The clients in the access logs of {@code directory}; empty when it holds none. */
    static Optional<List<Seen>> in(Path directory) {
        List<Path> logs = logs(directory);
        if (logs.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Seen> clients = new LinkedHashMap<>();
        for (Path log : logs) {
            for (String line : tail(log)) {
                parse(line).ifPresent(seen -> clients.merge(seen.address() + " " + seen.version(), seen,
                        (a, b) -> new Seen(a.address(), a.version(), a.http() || b.http(),
                                a.credentials() || b.credentials(), a.without() || b.without())));
            }
        }
        return Optional.of(List.copyOf(clients.values()));
    }

    /** One line's client, when a nacos client made the call. */
    static Optional<Seen> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        String path = m.group(3);
        int status = Integer.parseInt(m.group(4));
        boolean login = path.contains("/v1/auth/users/login") || path.contains("/v1/auth/login");
        boolean token = path.contains("accessToken=");
        boolean naming = path.contains("/v1/ns/") || path.contains("/v1/cs/") || path.contains("/v2/ns/")
                || path.contains("/v2/cs/");
        boolean refused = status == 403 || status == 401;
        // a 1.x client calls the naming and config APIs over HTTP; a 2.x client only logs in this way
        boolean http = naming && m.group(6).startsWith("1.");
        boolean credentials = (login || token) && !refused;
        // a pattern without query strings (%U, the lab's own when its nodes check clients) shows no token either way
        boolean without = naming && ((path.contains("?") && !token) || refused);
        return Optional.of(new Seen(m.group(1), m.group(6), http, credentials, without && !login));
    }

    private static List<Path> logs(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().startsWith("access_log")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<String> tail(Path log) {
        try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
            long start = Math.max(0, in.length() - TAIL_BYTES);
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            List<String> lines = new ArrayList<>(new String(bytes, StandardCharsets.UTF_8).lines().toList());
            if (start > 0 && !lines.isEmpty()) {
                lines.remove(0);   // torn by the tail's start
            }
            return lines;
        } catch (IOException e) {
            return List.of();
        }
    }
}
