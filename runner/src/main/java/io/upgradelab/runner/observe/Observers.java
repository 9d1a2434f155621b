package io.upgradelab.runner.observe;

import io.upgradelab.kinds.Kinds;
import java.util.Comparator;
import java.util.List;

/**
 * Every observer a run uses: each class of the lab that implements {@link Observer} ({@link Kinds}),
 * in the order of their {@link Observer#stage() stages} (by class name within one).
 */
public final class Observers {

    private Observers() {
    }

    public static List<Observer> all() {
        return Kinds.instances(Observer.class).stream().sorted(Comparator.comparingInt(Observer::stage)).toList();
    }
}
