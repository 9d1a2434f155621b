package io.upgradelab.shading.adapter;

import com.alibaba.nacos.api.common.Constants;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.utils.NamingUtils;
import com.alibaba.nacos.client.naming.NacosNamingService;
import com.alibaba.nacos.client.naming.beat.BeatInfo;
import com.alibaba.nacos.client.naming.net.NamingHttpClientManager;
import com.alibaba.nacos.client.naming.net.NamingProxy;
import java.lang.reflect.Field;
import com.alibaba.nacos.common.http.client.HttpClientRequestInterceptor;
import com.alibaba.nacos.common.http.client.response.HttpClientResponse;
import com.alibaba.nacos.common.model.RequestHttpEntity;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the beats the 1.x clients really send. A 1.x beat thread waits for each reply, so a slow
 * server receives far fewer beats than one per instance every 5 s (measured here: about 440/s of a
 * nominal 1200 at 6000 providers); the fleet reports both.
 *
 * <p>Every 1.x naming client of a JVM sends through one shared HTTP template; this interceptor sits
 * in its chain, counts beat requests, and never intercepts one. It compiles against 1.x only: the
 * 2.x modules compile ../no-beats instead.
 */
final class Beats implements HttpClientRequestInterceptor {

    static final boolean PER_INSTANCE = true;
    private static final Beats INSTANCE = new Beats();
    private final AtomicLong beats = new AtomicLong();

    private Beats() {
    }

    /** Installs the counter once, before the first client sends. */
    static synchronized void count() {
        var interceptors = NamingHttpClientManager.getInstance().getNacosRestTemplate().getInterceptors();
        if (!interceptors.contains(INSTANCE)) {
            interceptors.add(INSTANCE);
        }
    }

    static long sent() {
        return INSTANCE.beats.get();
    }

    /**
     * Sends one beat for {@code instance} of {@code serviceName} through {@code naming}'s own beat
     * request ({@code NamingProxy.sendBeat}, what its beat thread calls), for the naming benchmark's
     * heartbeat operation. The proxy is the client's private field: 1.x has no public way to it.
     */
    static void send(NamingService naming, String serviceName, Instance instance) throws Exception {
        NacosNamingService client = (NacosNamingService) naming;
        BeatInfo beat = client.getBeatReactor().buildBeatInfo(
                NamingUtils.getGroupedName(serviceName, Constants.DEFAULT_GROUP), instance);
        proxyOf(client).sendBeat(beat, false);
    }

    private static NamingProxy proxyOf(NacosNamingService client) throws ReflectiveOperationException {
        Field proxy = NacosNamingService.class.getDeclaredField("serverProxy");
        proxy.setAccessible(true);
        return (NamingProxy) proxy.get(client);
    }

    @Override
    public boolean isIntercept(URI uri, String httpMethod, RequestHttpEntity entity) {
        if (uri.getPath().endsWith("/instance/beat")) {
            beats.incrementAndGet();
        }
        return false;
    }

    @Override
    public HttpClientResponse intercept() {
        throw new UnsupportedOperationException("counts only; never intercepts");
    }
}
