package io.upgradelab.runner.backend.external;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.CredentialsSource;
import io.upgradelab.runner.nacos.NacosCredentials;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Reads the Nacos user an experiment names the source of: two environment variables, or a
 * properties file. The secret stays in memory; what is missing is said by name, never by value.
 */
final class CredentialsReader {

    private CredentialsReader() {
    }

    static NacosCredentials read(CredentialsSource source, Map<String, String> environment) {
        return source.file() != null ? fromFile(Path.of(source.file())) : fromEnvironment(source, environment);
    }

    private static NacosCredentials fromEnvironment(CredentialsSource source, Map<String, String> environment) {
        String username = environment.get(source.usernameEnv());
        String password = environment.get(source.passwordEnv());
        if (username == null || username.isEmpty() || password == null) {
            throw LabException.invalidInput("target.external.credentials: the environment variable "
                    + (username == null || username.isEmpty() ? source.usernameEnv() : source.passwordEnv())
                    + " is not set (it holds the Nacos " + (username == null || username.isEmpty() ? "user name"
                    : "password") + "; or name a properties file with credentials.file)");
        }
        return new NacosCredentials(username, password);
    }

    private static NacosCredentials fromFile(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw LabException.invalidInput("target.external.credentials.file: cannot read " + file.toAbsolutePath()
                    + ": " + e.getMessage());
        }
        for (String key : new String[] {"username", "password"}) {
            if (properties.getProperty(key) == null) {
                throw LabException.invalidInput("target.external.credentials.file: " + file.toAbsolutePath()
                        + " has no '" + key + "=' line");
            }
        }
        return new NacosCredentials(properties.getProperty("username"), properties.getProperty("password"));
    }
}
