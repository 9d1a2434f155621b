package io.upgradelab.probe.dubbo;

import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.Outcome;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;

/**
 * What a Dubbo failure means to the user of the service. Dubbo wraps its causes (an RpcException
 * of unknown code around the one that knows, a CompletionException around both), so the chain is
 * read from the outside in and the first failure that says what happened decides:
 * <ul>
 *   <li>no provider: RpcException code 6 (no invoker after routing: "No provider available for the
 *       service") or 4 (the registry listed none: "No provider available from registry"), and the
 *       start-up check's "No provider available";</li>
 *   <li>timeout: code 2, Dubbo's remoting TimeoutException, or the probe's own watchdog;</li>
 *   <li>network: code 1, or any other remoting failure (connection refused, reset, closed);</li>
 *   <li>other: everything else, by the class of its innermost cause.</li>
 * </ul>
 */
final class DubboOutcomes {

    private DubboOutcomes() {
    }

    static CallOutcome classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Outcome outcome = meaningOf(t);
            if (outcome != null) {
                return CallOutcome.failure(outcome, t);
            }
        }
        return CallOutcome.failure(Outcome.OTHER, rootCause(failure));
    }

    private static Outcome meaningOf(Throwable t) {
        if (t instanceof RpcException rpc) {
            switch (rpc.getCode()) {
                case RpcException.NO_INVOKER_AVAILABLE_AFTER_FILTER, RpcException.FORBIDDEN_EXCEPTION:
                    return Outcome.NO_PROVIDER;
                case RpcException.TIMEOUT_EXCEPTION:
                    return Outcome.TIMEOUT;
                case RpcException.NETWORK_EXCEPTION:
                    return Outcome.NETWORK;
                default:
                    return null;   // unknown: look at its cause
            }
        }
        if (t instanceof org.apache.dubbo.remoting.TimeoutException || t instanceof java.util.concurrent.TimeoutException) {
            return Outcome.TIMEOUT;
        }
        if (t instanceof RemotingException) {
            return Outcome.NETWORK;
        }
        if (t instanceof IllegalStateException && t.getMessage() != null && t.getMessage().contains("No provider available")) {
            return Outcome.NO_PROVIDER;
        }
        return null;
    }

    /** For "other": the innermost cause, which names what went wrong rather than who passed it on. */
    private static Throwable rootCause(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
