package io.upgradelab.providers.fleet;

import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.client.naming.net.NamingHttpClientManager;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.common.http.client.HttpClientRequestInterceptor;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.common.http.client.response.HttpClientResponse;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.common.model.RequestHttpEntity;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the beats the 1.x clients really send. A 1.x beat thread waits for each reply, so a slow
 * server receives far fewer beats than one per provider every 5 s (measured here: about 440/s of a
 * nominal 1200 at 6000 providers); the fleet reports both.
 *
 * <p>Every 1.x naming client of this JVM sends through one shared HTTP template; this interceptor
 * sits in its chain, counts beat requests, and never intercepts one.
 */
final class BeatCounter1x implements HttpClientRequestInterceptor {

    private static final BeatCounter1x INSTANCE = new BeatCounter1x();
    private final AtomicLong beats = new AtomicLong();

    private BeatCounter1x() {
    }

    /** Installs the counter once, before any 1.x client sends. */
    static synchronized BeatCounter1x install() {
        var interceptors = NamingHttpClientManager.getInstance().getNacosRestTemplate().getInterceptors();
        if (!interceptors.contains(INSTANCE)) {
            interceptors.add(INSTANCE);
        }
        return INSTANCE;
    }

    static long sent() {
        return INSTANCE.beats.get();
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
