package io.upgradelab.runner.backend;

import io.upgradelab.runner.experiment.Experiment;
/**
 * Where the Nacos user of an auth-enabled cluster is read from: two environment variables, or a
 * properties file with {@code username} and {@code password}. Experiment files name the source,
 * never the secret, so a file can be committed and a journal (which carries the file) holds none.
 *
 * @param usernameEnv default {@code NACOS_USERNAME}
 * @param passwordEnv default {@code NACOS_PASSWORD}
 * @param file        a properties file, absolute or relative to the working directory; when given, the variables are not read
 */
public record CredentialsSource(String usernameEnv, String passwordEnv, String file) {

    public CredentialsSource {
        usernameEnv = usernameEnv == null ? "NACOS_USERNAME" : usernameEnv;
        passwordEnv = passwordEnv == null ? "NACOS_PASSWORD" : passwordEnv;
    }
}
