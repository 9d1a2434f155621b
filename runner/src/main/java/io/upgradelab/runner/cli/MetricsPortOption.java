package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import picocli.CommandLine.Option;

/**
 * {@code run --metrics-port PORT}: where the live metrics are served, over the file's {@code metrics}
 * section, so that one experiment file runs with or without them, or beside another run on another port.
 */
final class MetricsPortOption {

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve live Prometheus metrics at http://ADDRESS:PORT/metrics while the run lasts, instead"
                    + " of at the file's metrics.port (ADDRESS: the file's metrics.address, default 127.0.0.1);"
                    + " 0: none. A Grafana dashboard of them: docs/grafana/.")
    Integer port;

    /** {@code valid} serving its metrics where the flag says; as it is without the flag. */
    ValidatedExperiment applyTo(ValidatedExperiment valid) {
        if (port == null) {
            return valid;
        }
        if (port < 0 || port > 65535) {
            throw LabException.invalidInput("--metrics-port: " + port + " is not a port: 1 to 65535, or 0 for none");
        }
        return valid.withMetricsPort(port);
    }
}
