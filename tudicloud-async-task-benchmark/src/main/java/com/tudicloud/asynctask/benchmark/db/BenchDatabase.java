package com.tudicloud.asynctask.benchmark.db;

import com.zaxxer.hikari.HikariDataSource;
import liquibase.Scope;
import liquibase.UpdateSummaryOutputEnum;
import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.command.core.helpers.ShowSummaryArgument;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.ui.LoggerUIService;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The benchmark's own database: created if missing, its async-task tables dropped and created again
 * from the shipped Liquibase changelog once per benchmark run, and emptied before each scenario.
 */
public final class BenchDatabase implements AutoCloseable {

    public static final String CHANGELOG = "db/async-task/changelog-master.xml";

    private final DbCoordinates coordinates;
    private final HikariDataSource pool;
    private final TaskTable tasks;

    private BenchDatabase(DbCoordinates coordinates) {
        this.coordinates = coordinates;
        this.pool = Pools.open(coordinates, "bench-runner", 4);
        this.tasks = new TaskTable(pool);
    }

    /** Creates the database if needed and the schema afresh. */
    public static BenchDatabase prepare(DbCoordinates coordinates) {
        createIfMissing(coordinates);
        BenchDatabase db = new BenchDatabase(coordinates);
        db.tasks.execute("DROP TABLE IF EXISTS system_async_task_event, system_async_task, system_async_task_lock, system_async_task_worker, system_async_task_type, "
                + "system_async_task_schedule, system_async_task_audit, system_async_task_batch, system_async_task_start, system_async_task_dependency, "
                + "DATABASECHANGELOG, DATABASECHANGELOGLOCK");
        db.applyChangelog();
        return db;
    }

    /** {@code CREATE DATABASE IF NOT EXISTS}, for a name of letters, digits and underscores only. */
    static void createIfMissing(DbCoordinates coordinates) {
        if (!coordinates.database().matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("database name must be letters, digits and _: " + coordinates.database());
        }
        try (Connection server = DriverManager.getConnection(coordinates.serverUrl() + DbCoordinates.URL_OPTIONS,
                coordinates.user(), coordinates.password()); Statement statement = server.createStatement()) {
            statement.execute("CREATE DATABASE IF NOT EXISTS " + coordinates.database() + " CHARACTER SET utf8mb4");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach " + coordinates.serverUrl(), e);
        }
    }

    public DbCoordinates coordinates() {
        return coordinates;
    }

    /** The runner's own small pool (seeding, checks). */
    public HikariDataSource pool() {
        return pool;
    }

    public TaskTable tasks() {
        return tasks;
    }

    /** A new pool for a worker or client of its own; the caller closes it. */
    public HikariDataSource newPool(String name, int size) {
        return Pools.open(coordinates, name, size);
    }

    /** A new pool whose statements {@link StatementCounter} counts; the caller closes it. */
    public HikariDataSource newCountedPool(String name, int size) {
        return Pools.openCounted(coordinates, name, size);
    }

    /**
     * No tasks, batches, task events or recorded starts, no registered workers, no paused type; the lock rows, caps
     * and rate limits stay.
     */
    public void reset() {
        tasks.emptyTasksBatchesEventsAndStarts();
        tasks.execute("DELETE FROM system_async_task_worker");
        tasks.execute("UPDATE system_async_task_type SET paused_at = NULL, paused_by = NULL WHERE paused_at IS NOT NULL");
    }

    /**
     * The schema as a service's Liquibase applies it. Its java.util.logging output goes through SLF4J
     * (warnings only, on standard error) and its console messages into the log, so that standard
     * output carries only results.
     */
    private void applyChangelog() {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        try (Connection connection = pool.getConnection()) {
            Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(connection));
            Scope.child(Scope.Attr.ui.name(), new LoggerUIService(), () -> new CommandScope(UpdateCommandStep.COMMAND_NAME)
                    .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                    .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, CHANGELOG)
                    .addArgumentValue(ShowSummaryArgument.SHOW_SUMMARY_OUTPUT, UpdateSummaryOutputEnum.LOG)
                    .execute());
        } catch (Exception e) {
            throw new IllegalStateException("could not apply " + CHANGELOG, e);
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
