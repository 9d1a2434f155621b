package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where the nodes keep their config data ({@code target.local.storage}). Why a choice: the embedded store
 * (Derby, replicated by JRaft in a cluster) is what a fresh Nacos runs on, but production clusters
 * keep configs in MySQL, and the two fail differently on upgrade paths (the embedded store loses
 * configs on 1.4.1 to 2.0.4, alibaba/nacos #9681, and its raft group breaks in a mixed 2.0/2.2+
 * cluster), so a team must be able to test the store it really runs.
 */
public enum Storage {

    /** Each node's own Derby, replicated by JRaft in cluster mode: Nacos's default. */
    @JsonProperty("embedded")
    EMBEDDED,

    /** One MySQL-compatible database shared by every node: a lab-managed local MariaDB on the local backend. */
    @JsonProperty("mysql")
    MYSQL;

    /** As experiment files write it. */
    public String fileName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
