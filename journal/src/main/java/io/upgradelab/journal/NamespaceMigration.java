package io.upgradelab.journal;

/**
 * A node's first start on 3.x copying the configs of namespace {@code ''} to {@code public} and back
 * (the {@code namespaceMigrated} journal line), as the node logged it. 3.0 renamed the default namespace;
 * every node runs this copy before it serves, so its time is part of each upgrade step, and it grows with
 * the configs a team keeps: the figure a maintenance window is planned with. On a shared database the
 * first node copies and the others find nothing left to copy.
 *
 * @param node              the node
 * @param version           the 3.x version that ran it
 * @param configsCopied     configs copied from {@code ''} to {@code public}
 * @param configsSynced     configs present in both whose newer content was copied over the older, both ways
 * @param grayConfigsCopied gray (beta and tag) configs copied and synced
 * @param millis            what the node took, its pre-check of conflicting copies included
 */
@LineType("namespaceMigrated")
public record NamespaceMigration(int node, String version, int configsCopied, int configsSynced,
                                 int grayConfigsCopied, long millis) {

    /** One line for a person. */
    public String describe() {
        return "node " + node + " (" + version + "): namespace '' copied to 'public' in " + millis + " ms: "
                + configsCopied + " configs copied, " + configsSynced + " synced, " + grayConfigsCopied + " gray";
    }
}
