package io.upgradelab.runner.backend;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How the lab reaches a cluster's shared config database to read it (what preflight checks in the rows and
 * the schema): the database's name and a way to connect, whose secret stays inside the connector.
 *
 * @param description what a person is told it is, e.g. {@code the lab's MariaDB on 127.0.0.1:8853}, never a secret
 * @param database    the database the nodes use
 */
public record DatabaseAccess(String description, String database, Connector connector) {

    /** Opens a connection; the caller closes it. */
    @FunctionalInterface
    public interface Connector {
        Connection connect() throws SQLException;
    }

    public Connection connect() throws SQLException {
        return connector.connect();
    }
}
