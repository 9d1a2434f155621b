package io.upgradelab.probe.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.Outcome;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletionException;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.TimeoutException;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

/** The classes of outcome, with this generation's real Dubbo exceptions, wrapped as Dubbo wraps them. */
class DubboOutcomesTest {

    private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 1);
    private static final InetSocketAddress PROVIDER = new InetSocketAddress("127.0.0.1", 2);

    @Test
    void noProviderIsCode6AndCode4AndTheStartUpCheck() {
        assertThat(outcomeOf(new RpcException(6, "No provider available for the service x"))).isEqualTo(Outcome.NO_PROVIDER);
        assertThat(outcomeOf(new RpcException(4, "No provider available from registry x"))).isEqualTo(Outcome.NO_PROVIDER);
        assertThat(outcomeOf(new IllegalStateException("Failed to check the status of the service x. No provider available for the service x")))
                .isEqualTo(Outcome.NO_PROVIDER);
    }

    @Test
    void timeoutsAndNetworkFailuresAreTheirOwnClassesEvenWhenWrapped() {
        assertThat(outcomeOf(new RpcException(RpcException.TIMEOUT_EXCEPTION, "Invoke remote method timeout"))).isEqualTo(Outcome.TIMEOUT);
        assertThat(outcomeOf(new CompletionException(new TimeoutException(false, null, "Waiting server-side response timeout"))))
                .isEqualTo(Outcome.TIMEOUT);
        assertThat(outcomeOf(new java.util.concurrent.TimeoutException())).isEqualTo(Outcome.TIMEOUT);
        assertThat(outcomeOf(new RpcException(RpcException.NETWORK_EXCEPTION, "Failed to invoke remote method"))).isEqualTo(Outcome.NETWORK);
        assertThat(outcomeOf(new CompletionException(new RemotingException(LOCAL, PROVIDER, "channel is closed"))))
                .isEqualTo(Outcome.NETWORK);
        // RpcContext.asyncCall wraps the informative exception in one of unknown code
        assertThat(outcomeOf(new RpcException(new RpcException(4, "No provider available from registry x"))))
                .isEqualTo(Outcome.NO_PROVIDER);
    }

    @Test
    void anythingElseIsOtherAndKeepsTheClassThatSaysWhat() {
        CallOutcome business = DubboOutcomes.classify(new IllegalArgumentException("the provider refused"));
        assertThat(business.outcome()).isEqualTo(Outcome.OTHER);
        assertThat(business.exceptionClass()).isEqualTo("java.lang.IllegalArgumentException");
        assertThat(business.message()).isEqualTo("the provider refused");

        CallOutcome wrapped = DubboOutcomes.classify(new RpcException("Failed to invoke", new NullPointerException("x")));
        assertThat(wrapped.outcome()).isEqualTo(Outcome.OTHER);
        assertThat(wrapped.exceptionClass()).isEqualTo("java.lang.NullPointerException");
    }

    private static Outcome outcomeOf(Throwable failure) {
        return DubboOutcomes.classify(failure).outcome();
    }
}
