import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One trial of bench/client-start-race, in a JVM of its own (the race is in what a JVM loads and caches
 * the first time): THREADS naming clients of one shaded nacos-client version started at the same moment,
 * either through nacos-client's own NamingFactory ({@code nacos}) or through the lab's factory, which
 * starts one at a time ({@code lab}). Prints each failure and exits with how many failed.
 *
 * <pre>java -cp CLASSES:providers/fleet/target/lib/* ClientStartRace nacos|lab SERVERS VERSION THREADS</pre>
 */
public class ClientStartRace {

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String servers = args[1];
        String version = args[2];
        int threads = Integer.parseInt(args[3]);
        Callable<Runnable> start = mode.equals("lab") ? throughTheLab(servers, version) : throughNacos(servers, version);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Runnable>> starts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            starts.add(pool.submit(() -> {
                go.await();
                return start.call();
            }));
        }
        go.countDown();
        int failed = 0;
        List<Runnable> shutDowns = new ArrayList<>();
        for (Future<Runnable> s : starts) {
            try {
                shutDowns.add(s.get(90, TimeUnit.SECONDS));
            } catch (Exception e) {
                failed++;
                Throwable cause = e.getCause() == null ? e : e.getCause();
                while (cause.getCause() != null) {
                    cause = cause.getCause();
                }
                System.out.println("failed: " + cause);
            }
        }
        shutDowns.forEach(Runnable::run);
        pool.shutdownNow();
        System.exit(failed);
    }

    /** A client started as the lab's fleet starts one: through the shaded version's NamingClientFactory. */
    private static Callable<Runnable> throughTheLab(String servers, String version) {
        ClientCatalog catalog = ClientCatalog.installed();
        NamingSettings settings = new NamingSettings(servers, "127.0.0.1", 1, Optional.empty(), Optional.empty());
        return () -> {
            NamingClient client = catalog.factory(version).connect(settings);
            return () -> {
                try {
                    client.shutDown();
                } catch (Exception e) {
                    // the trial is over either way
                }
            };
        };
    }

    /** A client started as an application starts one: nacos-client's NamingFactory, the shaded copy of VERSION. */
    private static Callable<Runnable> throughNacos(String servers, String version) throws Exception {
        String prefix = "io.upgradelab.shaded.nacos_" + version.replace('.', '_') + ".com.alibaba.nacos.api.naming.";
        Class<?> factory = Class.forName(prefix + "NamingFactory");
        Class<?> service = Class.forName(prefix + "NamingService");
        return () -> {
            Properties properties = new Properties();
            properties.setProperty("serverAddr", servers);
            Object naming = factory.getMethod("createNamingService", Properties.class).invoke(null, properties);
            return () -> {
                try {
                    service.getMethod("shutDown").invoke(naming);
                } catch (Exception e) {
                    // the trial is over either way
                }
            };
        };
    }
}
