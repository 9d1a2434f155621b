package io.upgradelab.providers.fleet;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Counts what went wrong in the fleet, and keeps the last message of each kind for a person. */
final class ErrorCounter {

    private final AtomicLong registrationFailures = new AtomicLong();
    private final AtomicLong clientErrors = new AtomicLong();
    private final AtomicReference<String> lastError = new AtomicReference<>("");

    void registrationFailed(Provider provider, Exception e) {
        registrationFailures.incrementAndGet();
        lastError.set("register " + provider.serviceName() + " @" + provider.port() + ": " + describe(e));
    }

    void clientError(String what, Exception e) {
        clientError(what + ": " + describe(e));
    }

    /** A client failure already described, e.g. {@code "deregister S @port: IOException: ..."}. */
    void clientError(String message) {
        clientErrors.incrementAndGet();
        lastError.set(message);
    }

    long registrationFailures() {
        return registrationFailures.get();
    }

    long clientErrors() {
        return clientErrors.get();
    }

    String lastError() {
        return lastError.get();
    }

    static String describe(Throwable e) {
        String message = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s+", " ");
        return e.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }
}
