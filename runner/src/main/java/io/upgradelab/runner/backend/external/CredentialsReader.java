package io.upgradelab.runner.backend.external;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.CredentialsSource;
import io.upgradelab.runner.nacos.NacosCredentials;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads the Nacos user an experiment names the source of: two environment variables, or a
 * properties file. The secret stays in memory; what is missing is said by name, never by value.
 * The same reading serves the file's validation (a problem at its line, before anything starts)
 * and the run.
 */
public final class CredentialsReader {

    private CredentialsReader() {
    }

    /**
     * What keeps a source from giving a user.
     *
     * @param field   where it lies under {@code target.external}, e.g. {@code credentials/file}
     * @param message why, naming the variable, file or key, never a value
     */
    record Problem(String field, String message) {
    }

    /** The user, or a LabException (exit 2) saying what is missing. */
    static NacosCredentials read(CredentialsSource source, Map<String, String> environment) {
        try {
            return readOrFail(source, environment);
        } catch (Unreadable e) {
            throw LabException.invalidInput("target.external." + e.problem.field().replace('/', '.') + ": "
                    + e.problem.message());
        }
    }

    /**
     * The user in variables {@code usernameEnv} and {@code passwordEnv} when the first is set (a command's
     * optional credentials, never its arguments); a LabException (exit 2) when only the name is.
     */
    public static Optional<NacosCredentials> fromEnvironmentIfSet(String usernameEnv, String passwordEnv,
                                                                  Map<String, String> environment) {
        String username = environment.get(usernameEnv);
        if (username == null || username.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(fromEnvironment(new CredentialsSource(usernameEnv, passwordEnv, null), environment));
        } catch (Unreadable e) {
            throw LabException.invalidInput(e.problem.message());
        }
    }

    /** What keeps {@code source} from giving a user, if anything. */
    static Optional<Problem> problem(CredentialsSource source, Map<String, String> environment) {
        try {
            readOrFail(source, environment);
            return Optional.empty();
        } catch (Unreadable e) {
            return Optional.of(e.problem);
        }
    }

    private static NacosCredentials readOrFail(CredentialsSource source, Map<String, String> environment)
            throws Unreadable {
        return source.file() != null ? fromFile(Path.of(source.file())) : fromEnvironment(source, environment);
    }

    private static NacosCredentials fromEnvironment(CredentialsSource source, Map<String, String> environment)
            throws Unreadable {
        String username = environment.get(source.usernameEnv());
        String password = environment.get(source.passwordEnv());
        if (username == null || username.isEmpty()) {
            throw new Unreadable("credentials/usernameEnv", "the environment variable " + source.usernameEnv()
                    + " is not set (it holds the Nacos user name; or name a properties file with credentials.file)");
        }
        if (password == null) {
            throw new Unreadable("credentials/passwordEnv", "the environment variable " + source.passwordEnv()
                    + " is not set (it holds the Nacos password; or name a properties file with credentials.file)");
        }
        return new NacosCredentials(username, password);
    }

    private static NacosCredentials fromFile(Path file) throws Unreadable {
        Path absolute = file.toAbsolutePath().normalize();
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            throw new Unreadable("credentials/file", absolute + " does not exist (a properties file with"
                    + " username= and password= lines; a relative path is read from the working directory)");
        } catch (AccessDeniedException e) {
            throw new Unreadable("credentials/file", "cannot read " + absolute + ": permission denied");
        } catch (IOException e) {
            throw new Unreadable("credentials/file", "cannot read " + absolute + ": "
                    + (Files.isDirectory(file) ? "it is a directory" : e.getClass().getSimpleName()));
        } catch (IllegalArgumentException e) {   // a malformed \\uXXXX escape; the message quotes no text of the file
            throw new Unreadable("credentials/file", absolute + " is not a properties file: " + e.getMessage());
        }
        if (properties.getProperty("username", "").isEmpty()) {
            throw new Unreadable("credentials/file", absolute + " has no 'username=' line with a user name");
        }
        if (properties.getProperty("password") == null) {
            throw new Unreadable("credentials/file", absolute + " has no 'password=' line");
        }
        return new NacosCredentials(properties.getProperty("username"), properties.getProperty("password"));
    }

    /** A source that gives no user; a checked exception, so each caller says what becomes of it. */
    private static final class Unreadable extends Exception {
        private final transient Problem problem;

        Unreadable(String field, String message) {
            super(message, null, false, false);
            this.problem = new Problem(field, message);
        }
    }
}
