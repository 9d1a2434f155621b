package io.upgradelab.runner.observe.signs;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A failure sign in the cluster's state: a condition of its nodes ({@link StateRule}) that lasts
 * longer than {@code bound}, as in the failure reported in {@code issue}.
 *
 * @param sign  the sign's name, as journals and policies say it
 * @param issue the Nacos issues that report it
 * @param bound how long the condition may hold before it is a sign (zero: at once); a rolling upgrade
 *              passes through some of them for a while
 * @param rule  a fresh rule for a run (rules remember what they saw in earlier rounds)
 */
record StateSign(String sign, String issue, Duration bound, Supplier<StateRule> rule) {
}
