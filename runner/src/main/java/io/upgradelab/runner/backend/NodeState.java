package io.upgradelab.runner.backend;

/** Where a node is in its life, as the backend last saw it. */
public enum NodeState { STOPPED, STARTING, UP, PAUSED, FAILED }
