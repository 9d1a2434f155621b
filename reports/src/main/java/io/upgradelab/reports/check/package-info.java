/**
 * The registry's promises, checked after the fact as Jepsen checks a history: what the fleet was
 * acknowledged ({@code fleet/registry.jsonl}), what its subscribers were pushed, and what the nodes
 * were found missing ({@code missingInstances} lines of the journal), against three promises: every
 * acknowledged live instance visible within a bound, every dead one gone within a bound, and no empty
 * push while providers live. Each violation comes with its shortest timeline.
 */
package io.upgradelab.reports.check;
