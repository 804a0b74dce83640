package com.tudicloud.asynctask.benchmark.db;

import com.tudicloud.asynctask.benchmark.peer.PeerTasks;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Collectors;

/**
 * The database of the db-scheduler peer, on the same server as the benchmark's own: created if
 * missing, db-scheduler's table dropped and created again from db-scheduler's MySQL schema
 * ({@value #DDL}) once per benchmark run, and emptied before each peer drain.
 */
public final class PeerDatabase implements AutoCloseable {

    static final String DDL = "db/db-scheduler/mysql_tables.sql";

    private final DbCoordinates coordinates;
    private final HikariDataSource pool;
    private final JdbcTemplate jdbc;

    private PeerDatabase(DbCoordinates coordinates) {
        this.coordinates = coordinates;
        this.pool = Pools.open(coordinates, "peer-runner", 2);
        this.jdbc = new JdbcTemplate(pool);
    }

    public static PeerDatabase prepare(DbCoordinates coordinates) {
        BenchDatabase.createIfMissing(coordinates);
        PeerDatabase db = new PeerDatabase(coordinates);
        db.jdbc.execute("DROP TABLE IF EXISTS " + PeerTasks.TABLE);
        db.jdbc.execute(schema());
        return db;
    }

    private static String schema() {
        try (InputStream in = PeerDatabase.class.getClassLoader().getResourceAsStream(DDL)) {
            if (in == null) {
                throw new IllegalStateException(DDL + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.startsWith("--")).collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public DbCoordinates coordinates() {
        return coordinates;
    }

    public void reset() {
        jdbc.execute("TRUNCATE TABLE " + PeerTasks.TABLE);
    }

    /** {@code count} executions of the peer's no-op task, due now, through db-scheduler's batch API. */
    public void schedule(int count) {
        PeerTasks.schedule(pool, count, "task-");
    }

    /** Waits until db-scheduler's table is empty; false if the time ran out first. */
    public boolean awaitEmpty(Duration timeout, Duration pollEvery) throws InterruptedException {
        return PeerTasks.awaitEmpty(pool, timeout, pollEvery);
    }

    @Override
    public void close() {
        pool.close();
    }
}
