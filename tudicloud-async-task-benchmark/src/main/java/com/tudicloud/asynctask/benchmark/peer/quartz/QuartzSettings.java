package com.tudicloud.asynctask.benchmark.peer.quartz;

import com.tudicloud.asynctask.benchmark.peer.PeerSettings;

import java.util.Properties;

/**
 * The properties of a Quartz node in the benchmark's cluster, as Quartz's configuration reference
 * describes them for a clustered JDBC job store with many triggers to fire at once:
 * <ul>
 * <li>{@code JobStoreTX} with {@code StdJDBCDelegate} (what Quartz's MySQL script names), clustered: every
 * node shares the scheduler name {@value #SCHEDULER_NAME} and has an instance id of its own;</li>
 * <li>a {@code SimpleThreadPool} of T threads;</li>
 * <li>{@code batchTriggerAcquisitionMaxCount} = T: a node acquires as many due triggers in one go as it
 * has free threads, instead of Quartz's default of one per acquisition;</li>
 * <li>{@code acquireTriggersWithinLock=true}, which Quartz requires with a batch of more than one on a JDBC
 * store (it takes the TRIGGER_ACCESS row lock for the acquisition);</li>
 * <li>{@code batchTriggerAcquisitionFireAheadTimeWindow} = the poll interval of the engine's workers: a
 * batch may take triggers due that much later, as the engine's claim does with tasks due by then (the
 * drain's triggers are all due already, so it changes nothing here);</li>
 * <li>{@code idleWaitTime} = 1 s, the smallest Quartz accepts (default 30 s): how long a node with no due
 * trigger waits before it looks again;</li>
 * <li>Quartz's defaults for the rest (cluster check-in every 7.5 s, misfire threshold 60 s).</li>
 * </ul>
 */
final class QuartzSettings {

    static final String SCHEDULER_NAME = "bench-quartz";
    /** The name under which the benchmark's pool is registered with Quartz's connection manager. */
    static final String DATA_SOURCE = "bench";
    private static final long IDLE_WAIT_MILLIS = 1000;

    private QuartzSettings() {
    }

    static Properties of(PeerSettings settings) {
        Properties properties = new Properties();
        properties.setProperty("org.quartz.scheduler.instanceName", SCHEDULER_NAME);
        properties.setProperty("org.quartz.scheduler.instanceId", settings.name());
        properties.setProperty("org.quartz.scheduler.idleWaitTime", Long.toString(IDLE_WAIT_MILLIS));
        properties.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", Integer.toString(settings.threads()));
        properties.setProperty("org.quartz.scheduler.batchTriggerAcquisitionFireAheadTimeWindow",
                Long.toString(settings.pollInterval().toMillis()));
        properties.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        properties.setProperty("org.quartz.threadPool.threadCount", Integer.toString(settings.threads()));
        properties.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        properties.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.StdJDBCDelegate");
        properties.setProperty("org.quartz.jobStore.dataSource", DATA_SOURCE);
        properties.setProperty("org.quartz.jobStore.isClustered", "true");
        properties.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        return properties;
    }
}
