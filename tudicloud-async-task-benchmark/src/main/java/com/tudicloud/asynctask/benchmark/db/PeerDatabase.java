package com.tudicloud.asynctask.benchmark.db;

import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The database of the peers, on the same server as the benchmark's own: created if missing, each
 * peer's tables dropped and created again from its own schema once per benchmark run, and emptied
 * before each of its drains.
 */
public final class PeerDatabase implements AutoCloseable {

    private final DbCoordinates coordinates;
    private final HikariDataSource pool;
    private final JdbcTemplate jdbc;

    private PeerDatabase(DbCoordinates coordinates) {
        this.coordinates = coordinates;
        this.pool = Pools.open(coordinates, "peer-runner", 2);
        this.jdbc = new JdbcTemplate(pool);
    }

    /** Creates the database if needed and the tables of every peer of {@code peers} afresh. */
    public static PeerDatabase prepare(DbCoordinates coordinates, List<PeerSystem> peers) {
        BenchDatabase.createIfMissing(coordinates);
        PeerDatabase db = new PeerDatabase(coordinates);
        Set<String> created = new HashSet<>();
        for (PeerSystem peer : peers) {
            if (created.add(peer.name())) {
                peer.createTables(db.jdbc);
            }
        }
        return db;
    }

    public DbCoordinates coordinates() {
        return coordinates;
    }

    public void reset(PeerSystem peer) {
        peer.emptyTables(jdbc);
    }

    /** {@code count} tasks of the peer, due now, through its own API. */
    public void submit(PeerSystem peer, int count) throws Exception {
        peer.submit(pool, count, "task-");
    }

    /** Waits until the peer has no task left to run; false if the time ran out first. */
    public boolean awaitDone(PeerSystem peer, Duration timeout, Duration pollEvery) throws InterruptedException {
        return awaitDone(peer, jdbc, timeout, pollEvery);
    }

    /** After a drain of {@code tasks}: the peer's tables say each ran once. */
    public boolean recordedOnce(PeerSystem peer, int tasks) {
        return peer.recordedOnce(jdbc, tasks);
    }

    /** Waits until {@code peer} has no task left to run on {@code jdbc}; false if the time ran out first. */
    public static boolean awaitDone(PeerSystem peer, JdbcTemplate jdbc, Duration timeout, Duration pollEvery)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (peer.workLeft(jdbc)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(pollEvery.toMillis());
        }
        return true;
    }

    @Override
    public void close() {
        pool.close();
    }
}
