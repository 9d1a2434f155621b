/**
 * {@code registry.jsonl}: what the fleet was told by the registry and what its subscribers were
 * pushed, line by line, so the registry's promises can be checked after the fact (every acknowledged
 * registration visible, dead instances gone within a bound, no empty push while providers live).
 *
 * <p>The fleet writes it in its own directory ({@code fleet/registry.jsonl} of a run), beside the
 * runner's {@code journal.jsonl}, because the fleet is a process of its own and the operations are
 * its own: thousands of lines a ramp, which the runner should not relay. It is written and read
 * through the journal's codec ({@link io.upgradelab.journal.JournalJson}) and the records here, its
 * format versioned in its first line ({@link RegistryLogStarted#format()}).
 */
package io.upgradelab.journal.registry;
