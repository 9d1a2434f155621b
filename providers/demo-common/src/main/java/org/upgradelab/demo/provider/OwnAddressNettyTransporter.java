package org.upgradelab.demo.provider;

import java.net.InetSocketAddress;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.ChannelHandler;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.RemotingServer;
import org.apache.dubbo.remoting.transport.netty4.NettyServer;
import org.apache.dubbo.remoting.transport.netty4.NettyTransporter;
import org.upgradelab.demo.LabAddress;

/**
 * Dubbo's netty4 transporter, except that servers listen on this process's address ({@link LabAddress#own()}).
 *
 * <p>Why: Dubbo (2.7 and 3.x) calls every 127.* host invalid and then binds its server on 0.0.0.0,
 * and the lab binds nothing but the address the experiment gives each process. Registered as
 * {@code netty} in META-INF/dubbo/org.apache.dubbo.remoting.Transporter, it replaces the built-in
 * one without adding a parameter to the registered URL. Clients are untouched.
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
}
