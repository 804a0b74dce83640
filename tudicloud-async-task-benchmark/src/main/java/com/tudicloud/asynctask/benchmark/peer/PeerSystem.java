package com.tudicloud.asynctask.benchmark.peer;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A scheduler the engine is compared with, set up one way, as the benchmark drives it: its own tables
 * in the peer database, N no-op tasks due now submitted through its own API, and in each peer JVM
 * ({@code PeerMain}) one engine of T threads whose task counts its executions. The runner creates and
 * empties the tables, submits and watches them; the peer JVM warms up and runs the engine.
 */
public interface PeerSystem {

    /** The {@code system} of its RESULT lines, e.g. {@code quartz}. */
    String name();

    /** What the set-up is called in a RESULT line's variant, e.g. {@code polling}. */
    String variantKey();

    /** The set-up, e.g. db-scheduler's polling strategy {@code lock-and-fetch}. */
    String variant();

    /** The version of its jar on the class path. */
    String version();

    /** Name prefixes of the threads its engine runs on, whose CPU time is its engine's. */
    List<String> engineThreads();

    /** Drops its tables and creates them afresh, once per benchmark run. */
    void createTables(JdbcTemplate jdbc);

    /** Before each drain: nothing left of an earlier one. */
    void emptyTables(JdbcTemplate jdbc);

    /** {@code count} tasks named {@code prefix0, prefix1, ...}, due now. */
    void submit(DataSource dataSource, int count, String prefix) throws Exception;

    /** Whether a submitted task has not run to its end yet; one look that reads at most one row. */
    boolean workLeft(JdbcTemplate jdbc);

    /**
     * Removes what it keeps of tasks that ran (after the warm-up), so that every system's measured
     * drain starts on tables that hold only its own tasks.
     */
    void removeFinished(JdbcTemplate jdbc);

    /** After a drain of {@code tasks}: its tables say that each task ran to its end once. */
    boolean recordedOnce(JdbcTemplate jdbc, int tasks);

    /** One engine with {@code settings}, not started, its task counting each execution in {@code executions}. */
    PeerEngine engine(DataSource dataSource, PeerSettings settings, LongAdder executions) throws Exception;
}
