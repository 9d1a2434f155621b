package io.upgradelab.runner.gateway;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What one consumer felt when a backend died under it: a caller at a steady rate through the consumer (a
 * gateway's URL) from just before the kill until it has answered without error for a settled stretch, or a
 * bound. Per call: when, whether it failed and which backend answered ({@link DemoCall#BACKEND_HEADER}). From those, the
 * figures issue 36 asks per stack: how long it kept sending calls to the dead backend (the last failure after
 * the kill), how many failed, and whether every call after that reached a live backend.
 */
public final class KillWatch {

    /** One call: its start since the kill (negative before it), its status (0: no answer) and who answered. */
    public record Call(double secondsAfterKill, int status, String backend) {

        public boolean failed() {
            return status != 200;
        }
    }

    /**
     * The figures of one consumer through one kill.
     *
     * @param calls           the calls after the kill
     * @param errors          of them, those that failed
     * @param secondsToStop   from the kill to the end of its last failed call: how long it kept calling the dead
     *                        backend; 0 when none failed
     * @param deadAnsweredAfter calls the dead backend answered after the kill (it cannot: a non-zero figure is a wrong
     *                        kill or a wrong header)
     * @param settled         whether it answered without error for the settle time before the bound
     */
    public record Flap(int calls, int errors, double secondsToStop, int deadAnsweredAfter, boolean settled) {
    }

    private KillWatch() {
    }

    /**
     * Calls {@code url} every {@code interval}; runs {@code kill} after {@code before}; then calls on until no call
     * failed for {@code settle}, or {@code bound} passed since the kill. {@code dead} is the killed backend's
     * {@code host:port}.
     */
    public static Flap watch(String url, Duration interval, Duration before, Runnable kill, String dead,
                             Duration settle, Duration bound) throws InterruptedException {
        HttpClient http = DemoCall.client();
        List<Call> calls = new ArrayList<>();
        long start = System.nanoTime();
        long killedAt = Long.MAX_VALUE;
        long lastFailureEnd = -1;
        boolean settled;
        while (true) {
            long now = System.nanoTime();
            if (killedAt == Long.MAX_VALUE && now - start >= before.toNanos()) {
                kill.run();
                killedAt = System.nanoTime();
                now = killedAt;
            }
            if (killedAt != Long.MAX_VALUE) {
                settled = now - Math.max(killedAt, lastFailureEnd) >= settle.toNanos();
                if (settled || now - killedAt >= bound.toNanos()) {
                    break;
                }
            }
            Call call = call(http, url, now, killedAt);
            if (call.failed() && killedAt != Long.MAX_VALUE) {
                lastFailureEnd = System.nanoTime();
            }
            calls.add(call);
            Thread.sleep(interval.toMillis());
        }
        List<Call> after = calls.stream().filter(c -> c.secondsAfterKill() >= 0).toList();
        int errors = (int) after.stream().filter(Call::failed).count();
        double toStop = lastFailureEnd < 0 ? 0 : (lastFailureEnd - killedAt) / 1e9;
        int deadAnswered = (int) after.stream().filter(c -> dead.equals(c.backend())).count();
        return new Flap(after.size(), errors, toStop, deadAnswered, settled);
    }

    private static Call call(HttpClient http, String url, long now, long killedAt) throws InterruptedException {
        DemoCall call = DemoCall.get(http, url);
        return new Call(killedAt == Long.MAX_VALUE ? -1 : (now - killedAt) / 1e9, call.status(), call.backend());
    }
}
