package org.upgradelab.demo;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service the probe calls through Dubbo throughout an experiment: if a consumer cannot reach
 * it, users of the registry would not reach theirs either.
 */
public interface DemoService {

    /** Where {@link #answer} names the provider: read by {@link #answeredBy}, in one place with the writing. */
    Pattern PROVIDER_IN_ANSWER = Pattern.compile(" at (\\S+:\\d+) \\(Dubbo ");

    /** Answers with the caller's name and which provider answered (application, port, Dubbo version). */
    String sayHello(String name);

    /** The answer of provider {@code application} at {@code host:port} on {@code dubboVersion} to {@code name}. */
    static String answer(String name, String application, String host, int port, String dubboVersion) {
        return "Hello " + name + " from " + application + " at " + host + ":" + port + " (Dubbo " + dubboVersion + ")";
    }

    /** The {@code host:port} of the provider that gave {@code answer} (see {@link #answer}); empty for another text. */
    static String answeredBy(String answer) {
        Matcher matcher = PROVIDER_IN_ANSWER.matcher(answer);
        return matcher.find() ? matcher.group(1) : "";
    }
}
