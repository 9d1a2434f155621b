package io.upgradelab.runner.backend.kubernetes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the fleet's providers are shared among its pods, each pod one Nacos client of at most
 * {@code perPod} providers, as the local fleet shares them among its virtual processes: a ramp tops
 * up the client version's one partly filled pod, then adds full pods and one for the rest; a shrink
 * takes from the pods started last; a client batch takes the pods started first that are not on
 * the new version yet. Pure: the fleet on Kubernetes acts on what these say.
 */
final class PodShares {

    private PodShares() {
    }

    /** One pod's share: its name, its client version and the providers it holds. */
    record Share(String pod, String client, int providers) {
    }

    /**
     * Growing by {@code add} providers on one client version whose partly filled pod, if any, holds
     * {@code partial} (0 when there is none): what that pod takes, and the new pods' providers.
     */
    record Growth(int topUp, List<Integer> newPods) {
    }

    static Growth grow(int partial, int add, int perPod) {
        int topUp = partial > 0 && partial < perPod ? Math.min(add, perPod - partial) : 0;
        List<Integer> newPods = new ArrayList<>();
        for (int left = add - topUp; left > 0; left -= perPod) {
            newPods.add(Math.min(left, perPod));
        }
        return new Growth(topUp, newPods);
    }

    /**
     * Shrinking by {@code remove} providers: each pod it changes (from those started last, of
     * {@code oldestFirst}) with the providers it keeps, 0 for a pod to go.
     */
    static Map<String, Integer> shrink(List<Share> oldestFirst, int remove) {
        Map<String, Integer> kept = new LinkedHashMap<>();
        int left = remove;
        for (int i = oldestFirst.size() - 1; i >= 0 && left > 0; i--) {
            Share share = oldestFirst.get(i);
            int taken = Math.min(left, share.providers());
            kept.put(share.pod(), share.providers() - taken);
            left -= taken;
        }
        return kept;
    }

    /**
     * The pods client batch {@code batch} (1-based) of {@code batches} moves to another version:
     * the remaining pods ({@code notMovedOldestFirst}) shared evenly over the remaining batches,
     * the first ones first, so the batches are the local fleet's sizes and the last one takes the rest.
     */
    static List<Share> batch(List<Share> notMovedOldestFirst, int batch, int batches) {
        int remaining = notMovedOldestFirst.size();
        int batchesLeft = batches - batch + 1;
        int take = batchesLeft <= 1 ? remaining : remaining - remaining * (batchesLeft - 1) / batchesLeft;
        return List.copyOf(notMovedOldestFirst.subList(0, take));
    }
}
