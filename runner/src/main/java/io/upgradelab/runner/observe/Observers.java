package io.upgradelab.runner.observe;

import io.upgradelab.reports.Kinds;
import java.util.List;

/** Every observer a run uses: each class of the lab that implements {@link Observer} ({@link Kinds}). */
public final class Observers {

    private Observers() {
    }

    public static List<Observer> all() {
        return Kinds.instances(Observer.class);
    }
}
