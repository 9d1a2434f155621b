package org.upgradelab.demo;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The control token of one run: what every call to a control port of the lab (the fleet's control
 * channel, the probe's control port) carries, as {@code Authorization: Bearer <token>}, and what those
 * ports answer 401 without, doing nothing.
 *
 * <p>The runner makes one per run ({@link #generate()}: 32 bytes of {@link SecureRandom}, base64url)
 * and hands it to the fleet and the probe in their environment ({@link #VARIABLE}), never on their
 * command line, which every user of the machine reads in {@code ps} and {@code /proc}. On Kubernetes
 * it lives in a Secret that {@code render k8s} writes, which the runner Job's, the fleet's and the
 * probe's pods read into the same variable. It is never logged, journalled or reported:
 * {@link #toString()} does not show it, and no message of this class quotes it (a refused value
 * included).
 *
 * <p>A control server without a token refuses to start ({@link #required(String)}) rather than
 * making one itself: a token it made up would be known to no runner (so the port would be useless)
 * unless it were printed, and what the fleet and the probe print goes to their console logs in the
 * run directory and to {@code kubectl logs}; serving without one is what this class exists to stop.
 *
 * <p>Here, in demo-api, because it is the one module the runner, the fleet and the probe already
 * all depend on, and it has no dependencies of its own (the HTTP filter is the JDK's
 * {@code jdk.httpserver}, which both servers use).
 */
public final class ControlToken {

    /** The environment variable the fleet and the probe read the token from. */
    public static final String VARIABLE = "UPGRADE_LAB_CONTROL_TOKEN";
    /** The request header that carries it. */
    public static final String HEADER = "Authorization";
    /** The header's scheme: {@code Authorization: Bearer <token>} (RFC 6750). */
    public static final String SCHEME = "Bearer";
    /** Random bytes in a generated token. */
    static final int BYTES = 32;
    /** The shortest token taken, generated or given: 32 characters. */
    static final int MIN_LENGTH = 32;
    /** RFC 6750's b64token: what a bearer token may be made of. */
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9._~+/-]+=*");
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The body of a 401: what to send, never the token. */
    private static final byte[] REFUSED = ("this control port answers the runner of its run only: "
            + HEADER + ": " + SCHEME + " <the run's token>\n").getBytes(StandardCharsets.UTF_8);

    private final String value;
    /** {@code Bearer <token>}, as the header must be, compared in constant time. */
    private final byte[] expected;
    private final Guard guard = new Guard();

    private ControlToken(String value) {
        this.value = value;
        this.expected = authorization(value).getBytes(StandardCharsets.US_ASCII);
    }

    /** A new token: 32 random bytes, base64url without padding (43 characters). */
    public static ControlToken generate() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new ControlToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /**
     * A token given as text (the variable's value, a Secret's); refused, without quoting it, when it is
     * shorter than {@value #MIN_LENGTH} characters or not a bearer token's characters.
     */
    public static ControlToken of(String value) {
        if (value == null || value.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the control token is shorter than " + MIN_LENGTH
                    + " characters: make it as the runner does, 32 random bytes in base64url");
        }
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("the control token has characters a bearer token does not"
                    + " (letters, digits and - . _ ~ + / only, = at the end)");
        }
        return new ControlToken(value);
    }

    /** The token in this process's environment ({@link #VARIABLE}), when there is one. */
    public static Optional<ControlToken> fromEnvironment() {
        return from(System.getenv());
    }

    /** The token in {@code environment} ({@link #VARIABLE}); empty when it is unset or blank. */
    public static Optional<ControlToken> from(Map<String, String> environment) {
        String value = environment.get(VARIABLE);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(of(value.strip()));
    }

    /**
     * The token in this process's environment, or an IllegalStateException saying that {@code who}
     * (e.g. "the fleet") serves its control port only with one: what a control server starts with.
     */
    public static ControlToken required(String who) {
        return fromEnvironment().orElseThrow(() -> new IllegalStateException(VARIABLE + " is not set: " + who
                + " serves its control port only to the runner that started it, which sets it (a run makes one;"
                + " on Kubernetes the Secret render k8s writes holds it)"));
    }

    /** The token itself: only for the environment of a process the runner starts, and the Secret that holds it. */
    public String value() {
        return value;
    }

    /** The environment that hands it to a process: {@code UPGRADE_LAB_CONTROL_TOKEN=<token>}. */
    public Map<String, String> environment() {
        return Map.of(VARIABLE, value);
    }

    /** The {@link #HEADER} value a control call carries: {@code Bearer <token>}. */
    public String authorization() {
        return authorization(value);
    }

    /** A request to {@code uri} carrying this token: how every control call is made. */
    public java.net.http.HttpRequest.Builder request(java.net.URI uri) {
        return java.net.http.HttpRequest.newBuilder(uri).header(HEADER, authorization());
    }

    private static String authorization(String value) {
        return SCHEME + " " + value;
    }

    /**
     * Whether {@code authorization} (a request's {@link #HEADER}, or null when it had none) is this
     * token's: compared in constant time ({@link MessageDigest#isEqual}), so how long a wrong guess
     * took says nothing of how much of it was right.
     */
    public boolean admits(String authorization) {
        byte[] given = (authorization == null ? "" : authorization).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, given);
    }

    /**
     * Serves {@code path} on {@code server} with {@code handler}, guarded: a request without this token's
     * {@link #HEADER} is answered 401 and never reaches the handler. The one way a control server adds a
     * path, so none can be added unguarded. Returns the context.
     */
    public HttpContext serve(HttpServer server, String path, HttpHandler handler) {
        HttpContext context = server.createContext(path, handler);
        context.getFilters().add(guard);
        return context;
    }

    /** The 401 before the handler: the handler, and whatever it would change, is not reached. */
    private final class Guard extends Filter {

        @Override
        public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
            if (admits(exchange.getRequestHeaders().getFirst(HEADER))) {
                chain.doFilter(exchange);
                return;
            }
            try {
                exchange.getResponseHeaders().set("WWW-Authenticate", SCHEME);
                exchange.getResponseHeaders().set("Content-Type", "text/plain");
                exchange.sendResponseHeaders(401, REFUSED.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(REFUSED);
                }
            } finally {
                exchange.close();
            }
        }

        @Override
        public String description() {
            return "the run's control token";
        }
    }

    /** Never the token: it must not reach a log, the journal or a report by way of a message. */
    @Override
    public String toString() {
        return "ControlToken[***]";
    }
}
