package org.upgradelab.demo.transport;

import java.net.InetSocketAddress;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.Client;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.RemotingServer;
import org.apache.dubbo.remoting.transport.netty4.NettyClient;
import org.apache.dubbo.remoting.transport.netty4.NettyServer;
import org.apache.dubbo.remoting.transport.netty4.NettyTransporter;
import org.upgradelab.demo.LabAddress;

/**
 * Dubbo's netty4 transporter, except that servers listen on this process's address
 * ({@link LabAddress#own()}) and clients dial a provider at the address it registered.
 *
 * <p>Why: Dubbo (2.7 and 3.x) calls every 127.* host invalid. A server then binds 0.0.0.0, and the
 * lab binds nothing but the address the experiment gives each process. A client replaces a
 * provider's 127.* host with its own local host ({@code NetUtils.filterLocalHost}), so a consumer at
 * 127.0.0.31 would dial a provider at 127.0.0.32 at its own address. Registered as {@code netty}
 * in META-INF/dubbo/org.apache.dubbo.remoting.Transporter, it replaces the built-in one without
 * adding a parameter to any URL. Compiled into the demo providers and the probe, for each Dubbo line.
 */
public class OwnAddressNettyTransporter extends NettyTransporter {

    @Override
    public RemotingServer bind(URL url, ChannelHandler handler) throws RemotingException {
        String own = LabAddress.own();
        return new NettyServer(url, handler) {
            @Override
            public InetSocketAddress getBindAddress() {
                return new InetSocketAddress(own, super.getBindAddress().getPort());
            }
        };
    }

    @Override
    public Client connect(URL url, ChannelHandler handler) throws RemotingException {
        return new NettyClient(url, handler) {
            @Override
            public InetSocketAddress getConnectAddress() {
                return new InetSocketAddress(getUrl().getHost(), getUrl().getPort());
            }
        };
    }
}
