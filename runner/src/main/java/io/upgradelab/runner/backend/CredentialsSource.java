package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.plan.SchemaRef;

/**
 * Where the Nacos user of an auth-enabled cluster is read from: two environment variables, or a
 * properties file with {@code username} and {@code password}. Experiment files name the source,
 * never the secret, so a file can be committed and a journal (which carries the file) holds none.
 *
 * @param usernameEnv default {@code NACOS_USERNAME}
 * @param passwordEnv default {@code NACOS_PASSWORD}
 * @param file        a properties file, absolute or relative to the working directory; when given, the variables are not read
 */
@JsonClassDescription("Environment variables (default NACOS_USERNAME and NACOS_PASSWORD) or a properties file with"
        + " username= and password=.")
public record CredentialsSource(
        @SchemaRef("variableName")
        @JsonPropertyDescription("The variable holding the user name. Default NACOS_USERNAME.")
        String usernameEnv,
        @SchemaRef("variableName")
        @JsonPropertyDescription("The variable holding the password. Default NACOS_PASSWORD.")
        String passwordEnv,
        @SchemaRef("text")
        @JsonPropertyDescription("A properties file with username and password, absolute or relative to the"
                + " directory upgrade-lab runs in. When given, the variables are not read.")
        String file) {

    public CredentialsSource {
        usernameEnv = usernameEnv == null ? "NACOS_USERNAME" : usernameEnv;
        passwordEnv = passwordEnv == null ? "NACOS_PASSWORD" : passwordEnv;
    }
}
